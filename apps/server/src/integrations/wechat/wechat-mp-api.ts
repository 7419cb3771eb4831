import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { AppError } from '../../lib/app-error';
import { DIRECT, proxyDispatcher, type OutboundProxy } from '../outbound-proxy';
import { WECHAT_TIMEOUT_MS } from './wechat-gateway';
import { MemoryStore, type SharedStore } from './wechat-shared-store';

/** Error codes meaning the access token is no longer valid: fetch a new one and retry once. */
const TOKEN_INVALID = new Set([40001, 40014, 42001]);

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

function unavailable(cause: unknown): AppError {
  const error = new AppError('WECHAT_UNAVAILABLE');
  error.cause = cause;
  return error;
}

/** How long the fetching instance holds the token lock; the others wait at most this long. */
export const TOKEN_LOCK_MS = 10_000;
/** How often a waiting instance looks for the token the lock holder fetched. */
const TOKEN_WAIT_STEP_MS = 100;
/** A kept token is dropped this long before WeChat says it expires (seconds). */
const TOKEN_MARGIN_SECONDS = 300;

interface KeptToken {
  value: string;
  /** When it stops being used, ms since 1970. */
  expiresAt: number;
}

function parseKept(text: string | null): KeptToken | null {
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as Partial<KeptToken>;
    return typeof kept.value === 'string' && typeof kept.expiresAt === 'number'
      ? { value: kept.value, expiresAt: kept.expiresAt }
      : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Official Account server API (api.weixin.qq.com) and its access token. WeChat allows a few
 * thousand token fetches a day per account, so the token is kept in the shared store (Redis when
 * configured) until 5 minutes before it expires and every instance uses the same one. It is
 * fetched from the stable-token endpoint (`stable_token`, which hands out the current token
 * instead of replacing it) by one instance at a time: the instance that takes the lock
 * (`SET NX PX`) fetches and stores it, the others wait and read it. When the store does not
 * answer, the instance fetches on its own (the stable token stays the same). A token WeChat
 * reports invalid is replaced once with `force_refresh`. Failures and timeouts become
 * WECHAT_UNAVAILABLE (503).
 */
export class WechatMpApi {
  private kept: KeptToken | null = null;
  private loading: Promise<string> | null = null;
  private store: SharedStore = new MemoryStore();

  /** The forward proxy's dispatcher for WeChat's host, or undefined (direct). */
  private readonly dispatcher: Dispatcher | undefined;

  constructor(
    private readonly settings: { appId: string; appSecret: string; apiBase: string },
    private readonly timeoutMs = WECHAT_TIMEOUT_MS,
    proxy: OutboundProxy = DIRECT,
  ) {
    this.dispatcher = proxyDispatcher(proxy, settings.apiBase);
  }

  /** Keeps the token in `store` from now on (the application's shared store). */
  shareThrough(store: SharedStore): void {
    this.store = store;
  }

  private get tokenKey(): string {
    return `wechat:access-token:${this.settings.appId}`;
  }

  private async fetchJson(path: string, init: RequestInit = {}): Promise<WechatAnswer> {
    try {
      // Node's fetch takes an undici dispatcher beside the standard options.
      const response = await fetch(new URL(path, this.settings.apiBase), {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
        ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}),
      } as RequestInit);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as WechatAnswer;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** `POST /cgi-bin/stable_token` (grant_type client_credential). */
  private async fetchStableToken(forceRefresh: boolean): Promise<KeptToken> {
    const answer = await this.fetchJson('/cgi-bin/stable_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: this.settings.appId,
        secret: this.settings.appSecret,
        force_refresh: forceRefresh,
      }),
    });
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw unavailable(new Error(`stable_token: ${answer.errcode} ${answer.errmsg}`));
    }
    const seconds = Math.max(Number(answer.expires_in ?? 7200) - TOKEN_MARGIN_SECONDS, 60);
    return { value: answer.access_token, expiresAt: Date.now() + seconds * 1000 };
  }

  /** A kept token other than `invalid`, from this process or the shared store. */
  private async sharedToken(invalid: string | null): Promise<KeptToken | null> {
    const kept = parseKept(await this.store.get(this.tokenKey));
    return kept && kept.expiresAt > Date.now() && kept.value !== invalid ? kept : null;
  }

  private async load(invalid: string | null, waited = false): Promise<string> {
    let shared: KeptToken | null;
    try {
      shared = await this.sharedToken(invalid);
    } catch {
      // The store does not answer: fetch on our own (the stable token is the same for all).
      this.kept = await this.fetchStableToken(invalid !== null);
      return this.kept.value;
    }
    if (shared) {
      this.kept = shared;
      return shared.value;
    }
    const lockKey = `${this.tokenKey}:lock`;
    const owner = randomBytes(12).toString('hex');
    const locked = await this.store.claim(lockKey, TOKEN_LOCK_MS, owner).catch(() => true);
    if (locked) {
      try {
        const fresh =
          (await this.sharedToken(invalid).catch(() => null)) ??
          (await this.fetchStableToken(invalid !== null));
        this.kept = fresh;
        const ttl = fresh.expiresAt - Date.now();
        await this.store.set(this.tokenKey, JSON.stringify(fresh), ttl).catch(() => undefined);
        return fresh.value;
      } finally {
        await this.store.release(lockKey, owner).catch(() => undefined);
      }
    }
    if (waited) throw unavailable(new Error('stable_token: another instance is still fetching'));
    const deadline = Date.now() + TOKEN_LOCK_MS;
    while (Date.now() < deadline) {
      await sleep(TOKEN_WAIT_STEP_MS);
      const fetched = await this.sharedToken(invalid).catch(() => null);
      if (fetched) {
        this.kept = fetched;
        return fetched.value;
      }
      if (!(await this.store.get(lockKey).catch(() => null))) break;
    }
    // The lock holder failed or went away: try once more ourselves (once; then 503).
    return this.load(invalid, true);
  }

  /** The access token; `invalid` is one WeChat refused, to be replaced. */
  private accessToken(invalid: string | null = null): Promise<string> {
    if (!invalid && this.kept && this.kept.expiresAt > Date.now()) {
      return Promise.resolve(this.kept.value);
    }
    this.loading ??= this.load(invalid).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** One API call with the access token (GET without body, POST with a JSON body). */
  async call(path: string, body?: unknown, refused: string | null = null): Promise<WechatAnswer> {
    const token = await this.accessToken(refused);
    const separator = path.includes('?') ? '&' : '?';
    const answer = await this.fetchJson(
      `${path}${separator}access_token=${encodeURIComponent(token)}`,
      body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
    if (answer.errcode && TOKEN_INVALID.has(answer.errcode) && refused === null) {
      this.kept = null;
      return this.call(path, body, token);
    }
    // The call's name without its query: an openid or other parameter never reaches the log.
    const name = path.split('?')[0];
    if (answer.errcode) throw unavailable(new Error(`${name}: ${answer.errcode} ${answer.errmsg}`));
    return answer;
  }
}
