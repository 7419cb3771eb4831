import { AppError } from '../../lib/app-error';
import { WECHAT_TIMEOUT_MS } from './wechat-gateway';

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

/**
 * The Official Account server API (api.weixin.qq.com): the access token (client_credential,
 * kept until 5 minutes before it expires, refreshed once when WeChat reports it invalid) and
 * JSON calls made with it. Failures and timeouts become WECHAT_UNAVAILABLE (503).
 */
export class WechatMpApi {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: { appId: string; appSecret: string; apiBase: string },
    private readonly timeoutMs = WECHAT_TIMEOUT_MS,
  ) {}

  private async fetchJson(path: string, init: RequestInit = {}): Promise<WechatAnswer> {
    try {
      const response = await fetch(new URL(path, this.settings.apiBase), {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as WechatAnswer;
    } catch (error) {
      throw unavailable(error);
    }
  }

  private async accessToken(now = Date.now()): Promise<string> {
    if (this.token && this.token.expiresAt > now) return this.token.value;
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.settings.appId,
      secret: this.settings.appSecret,
    });
    const answer = await this.fetchJson(`/cgi-bin/token?${query.toString()}`);
    if (typeof answer.access_token !== 'string') {
      throw unavailable(new Error(`token: ${answer.errcode} ${answer.errmsg}`));
    }
    const seconds = Number(answer.expires_in ?? 7200);
    this.token = { value: answer.access_token, expiresAt: now + (seconds - 300) * 1000 };
    return this.token.value;
  }

  /** One API call with the access token (GET without body, POST with a JSON body). */
  async call(path: string, body?: unknown, retried = false): Promise<WechatAnswer> {
    const token = await this.accessToken();
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
    if (answer.errcode && TOKEN_INVALID.has(answer.errcode) && !retried) {
      this.token = null;
      return this.call(path, body, true);
    }
    if (answer.errcode) throw unavailable(new Error(`${path}: ${answer.errcode} ${answer.errmsg}`));
    return answer;
  }
}
