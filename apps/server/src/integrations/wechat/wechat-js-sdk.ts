import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error';

/** A kept ticket is dropped this long before WeChat says it expires (seconds). */
export const TICKET_MARGIN_SECONDS = 300;

/** The address WeChat signs: the page address without its `#fragment`. */
export function signedUrlOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * The JS-SDK signature (WeChat's JS-SDK documentation, appendix 1): sha1, in hex, of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` — the four fields in this order, values as
 * they are (not URL-encoded), the url without its fragment.
 */
export function jsSdkSignature(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${signedUrlOf(input.url)}`;
  return createHash('sha1').update(text).digest('hex');
}

/** A random nonce of 16 letters and digits, as WeChat's own examples use. */
export function newNonce(): string {
  return randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
}

/** The part of a Redis client the ticket store uses (ioredis' `get` and `set … PX`). */
export interface TicketSharing {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'PX', milliseconds: number): Promise<unknown>;
}

interface KeptTicket {
  ticket: string;
  /** When the store stops using it, ms since 1970. */
  until: number;
}

function parseKept(text: string | null): KeptTicket | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptTicket>;
    return typeof value.ticket === 'string' && typeof value.until === 'number'
      ? { ticket: value.ticket, until: value.until }
      : null;
  } catch {
    return null;
  }
}

/** How long after a failed ticket fetch requests are answered 503 without asking WeChat again. */
export const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * The JS-SDK ticket, fetched from WeChat only when none is kept: WeChat limits how often a
 * ticket may be fetched per day and every fetch replaces the previous one, so it is kept until
 * five minutes before it expires — in Redis when configured, so that every instance signs with
 * the same ticket, and in this process (also when Redis does not answer). Concurrent requests
 * of one process share one fetch. A failed fetch becomes WECHAT_SHARE_UNAVAILABLE (503), and
 * for `RETRY_AFTER_FAILURE_MS` every request gets that answer without asking WeChat again, so an
 * outage cannot use up the day's fetches.
 */
export class JsapiTicketStore {
  private kept: KeptTicket | null = null;
  private fetching: Promise<string> | null = null;
  private failedUntil = 0;

  constructor(
    private readonly fetchTicket: () => Promise<{ ticket: string; expiresIn: number }>,
    private readonly sharing: TicketSharing | null,
    private readonly key: string,
    private readonly now: () => number = Date.now,
  ) {}

  async ticket(): Promise<string> {
    if (this.kept && this.kept.until > this.now()) return this.kept.ticket;
    if (this.failedUntil > this.now()) throw new AppError('WECHAT_SHARE_UNAVAILABLE');
    this.fetching ??= this.load().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  private async load(): Promise<string> {
    const shared = parseKept((await this.sharing?.get(this.key).catch(() => null)) ?? null);
    if (shared && shared.until > this.now()) {
      this.kept = shared;
      return shared.ticket;
    }
    let answer: { ticket: string; expiresIn: number };
    try {
      answer = await this.fetchTicket();
    } catch (error) {
      this.failedUntil = this.now() + RETRY_AFTER_FAILURE_MS;
      const failure = new AppError('WECHAT_SHARE_UNAVAILABLE');
      failure.cause = error;
      throw failure;
    }
    const lifetime = Math.max(answer.expiresIn - TICKET_MARGIN_SECONDS, 60) * 1000;
    this.kept = { ticket: answer.ticket, until: this.now() + lifetime };
    await this.sharing?.set(this.key, JSON.stringify(this.kept), 'PX', lifetime).catch(() => null);
    return answer.ticket;
  }
}
