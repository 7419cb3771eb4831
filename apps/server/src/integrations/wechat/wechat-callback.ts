import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import { msgSignature } from './wechat-crypto';
import type { SharedStore } from './wechat-shared-store';

/** A callback older or newer than this is refused (replays), in seconds. */
export const CALLBACK_WINDOW_SECONDS = 300;

/** sha1 of the token, timestamp and nonce sorted and joined: WeChat's callback signature. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** Why a callback is refused. */
export type CallbackRefusal = 'signature' | 'stale' | 'replayed';

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withinWindow(seconds: number, now: number): boolean {
  return Number.isFinite(seconds) && Math.abs(now / 1000 - seconds) <= CALLBACK_WINDOW_SECONDS;
}

/** How long an accepted callback is remembered: past the window on both sides. */
const REMEMBERED_MS = 2 * CALLBACK_WINDOW_SECONDS * 1000;

/**
 * Checks callbacks (docs/security.md, "WeChat sign-in"): the signature — over the token,
 * timestamp and nonce in plain-text mode, over those and the encrypted text (`msg_signature`) in
 * 安全模式 —, a timestamp within five minutes of now, and a timestamp and nonce not accepted before;
 * then the message itself: its CreateTime within the window and its id (MsgId, else sender,
 * CreateTime, event and key) not handled before. What was accepted is remembered in the shared store, so a
 * callback replayed to another instance is refused there too.
 */
export class CallbackGuard {
  constructor(
    private readonly token: string,
    private readonly store: SharedStore,
  ) {}

  /**
   * Claims `key` in the shared store. When the store does not answer, the callback cannot be
   * told from a replay: it is refused with 503 (WeChat delivers it again).
   */
  private async claim(key: string): Promise<boolean> {
    try {
      return await this.store.claim(key, REMEMBERED_MS);
    } catch (error) {
      const failure = new AppError('WECHAT_UNAVAILABLE');
      failure.cause = error;
      throw failure;
    }
  }

  /** The reason the call is refused, or null (and its nonce is now used). */
  async refusal(
    query: { signature?: string; timestamp?: string; nonce?: string; msg_signature?: string },
    encrypted: string | null = null,
    now = Date.now(),
  ): Promise<CallbackRefusal | null> {
    const { timestamp = '', nonce = '' } = query;
    const signed =
      encrypted === null
        ? sameText(query.signature ?? '', callbackSignature(this.token, timestamp, nonce))
        : sameText(
            query.msg_signature ?? '',
            msgSignature(this.token, timestamp, nonce, encrypted),
          );
    if (!signed) return 'signature';
    if (!withinWindow(Number(timestamp), now)) return 'stale';
    const first = await this.claim(`wechat:callback:nonce:${timestamp}:${nonce}`);
    return first ? null : 'replayed';
  }

  /** Whether the message is fresh and seen for the first time (null), else why not. */
  async messageRefusal(
    fields: Record<string, string>,
    now = Date.now(),
  ): Promise<CallbackRefusal | null> {
    const created = fields.CreateTime ?? '';
    if (!withinWindow(Number(created), now)) return 'stale';
    // An event has no MsgId: its sender, time, event and key name it (a user may scan two QRs).
    const id = fields.MsgId
      ? `id:${fields.MsgId}`
      : `from:${fields.FromUserName ?? ''}:${created}:${fields.Event ?? ''}:${fields.EventKey ?? ''}`;
    const first = await this.claim(`wechat:callback:message:${id}`);
    return first ? null : 'replayed';
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
