import { createHash, timingSafeEqual } from 'node:crypto';

/** A callback older or newer than this is refused (replays), in seconds. */
export const CALLBACK_WINDOW_SECONDS = 300;

/** sha1 of the token, timestamp and nonce sorted and joined: WeChat's callback signature. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/**
 * Checks one callback: the signature, a timestamp within five minutes of now, and a nonce not
 * seen inside that window (each instance remembers the nonces it accepted). Returns the reason
 * it is refused, or null.
 */
export class CallbackGuard {
  private readonly seen = new Map<string, number>();

  constructor(private readonly token: string) {}

  refusal(query: { signature?: string; timestamp?: string; nonce?: string }, now = Date.now()) {
    const { signature = '', timestamp = '', nonce = '' } = query;
    const expected = Buffer.from(callbackSignature(this.token, timestamp, nonce));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
    const seconds = Number(timestamp);
    if (!Number.isFinite(seconds) || Math.abs(now / 1000 - seconds) > CALLBACK_WINDOW_SECONDS) {
      return 'stale';
    }
    for (const [key, until] of this.seen) if (until < now) this.seen.delete(key);
    const key = `${timestamp}:${nonce}`;
    if (this.seen.has(key)) return 'replayed';
    this.seen.set(key, now + 2 * CALLBACK_WINDOW_SECONDS * 1000);
    return null;
  }
}

/** The flat fields of a WeChat XML message (`<xml><ToUserName><![CDATA[…]]></ToUserName>…`). */
export function parseWechatXml(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const pattern = /<([A-Za-z]+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  for (const match of xml.matchAll(pattern)) {
    const [, name, cdata, text] = match;
    if (name && name !== 'xml') fields[name] = cdata ?? text ?? '';
  }
  return fields;
}

/** The ticket a scan event carries: `qrscene_<ticket>` on subscribe, `<ticket>` on SCAN. */
export function scannedTicket(fields: Record<string, string>): string | null {
  if (fields.MsgType !== 'event') return null;
  const key = fields.EventKey ?? '';
  if (fields.Event === 'subscribe' && key.startsWith('qrscene_')) return key.slice(8) || null;
  if (fields.Event === 'SCAN' && key) return key;
  return null;
}

/** A passive text reply to the scanning user (shown in their WeChat chat with the account). */
export function textReply(to: string, from: string, content: string, now = new Date()): string {
  const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', '')}]]>`;
  return `<xml><ToUserName>${cdata(to)}</ToUserName><FromUserName>${cdata(from)}</FromUserName><CreateTime>${Math.floor(now.getTime() / 1000)}</CreateTime><MsgType>${cdata('text')}</MsgType><Content>${cdata(content)}</Content></xml>`;
}
