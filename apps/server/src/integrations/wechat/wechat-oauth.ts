import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { AppError } from '../../lib/app-error';
import { DIRECT, proxyDispatcher, type OutboundProxy } from '../outbound-proxy';
import { networkCodeOf, ProviderFailure } from '../provider-failure';
import { WECHAT_TIMEOUT_MS } from './wechat-gateway';
import type { SharedStore } from './wechat-shared-store';

/**
 * WeChat web authorisation (网页授权) of the Official Account, for pages opened inside WeChat
 * (docs/decisions/0053-wechat-web-authorisation.md): the browser is sent to WeChat's authorize
 * page, WeChat sends it back to our callback with a one-time `code` and our `state`, and the
 * server exchanges the code for the user's openid (and, with `snsapi_userinfo`, the unionid).
 */
export type WechatOAuthScope = 'snsapi_base' | 'snsapi_userinfo';

export interface WechatOAuthUser {
  openid: string;
  unionid: string | null;
}

export interface WechatOAuthGateway {
  readonly simulated: boolean;
  /** Where the browser goes to ask WeChat; WeChat returns it to `redirectUri?code=…&state=…`. */
  authorizeUrl(input: {
    redirectUri: string;
    state: string;
    scope: WechatOAuthScope;
    /** The site origin the browser used (the simulator's authorize page lives there). */
    origin: string;
  }): string;
  /**
   * The WeChat user of a `code` (sns/oauth2/access_token, then sns/userinfo for the userinfo
   * scope). A code WeChat refuses (used, expired, forged) → WECHAT_OAUTH_CODE_INVALID; WeChat
   * not answering → WECHAT_UNAVAILABLE. Neither the code nor the token reach an error message.
   */
  userOf(code: string, scope: WechatOAuthScope): Promise<WechatOAuthUser>;
}

/** WeChat's authorize page (its own host; the browser goes there, not the server). */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** WeChat's answers meaning the code itself is no good (invalid, used, expired). */
const CODE_REFUSED = new Set([40029, 40163, 41008, 42003]);

const OPENID = /^[A-Za-z0-9_-]{6,64}$/;

interface SnsAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

function codeRefused(cause: unknown): AppError {
  const error = new AppError('WECHAT_OAUTH_CODE_INVALID');
  error.cause = cause;
  return error;
}

function unavailable(cause: unknown): AppError {
  const error = new AppError('WECHAT_UNAVAILABLE');
  error.cause = cause;
  return error;
}

/**
 * The Official Account's web authorisation against WeChat's real endpoints: the authorize
 * redirect on open.weixin.qq.com, `GET /sns/oauth2/access_token` and `GET /sns/userinfo` on
 * `apiBase` (api.weixin.qq.com) through the outbound proxy. The request URLs carry the secret,
 * the code and the user's token, so a failure is logged as a ProviderFailure (provider, error
 * code, never the URL or WeChat's text with them).
 */
export function createWechatOAuthMp(
  settings: { appId: string; appSecret: string; apiBase: string },
  proxy: OutboundProxy = DIRECT,
  timeoutMs = WECHAT_TIMEOUT_MS,
): WechatOAuthGateway {
  const dispatcher: Dispatcher | undefined = proxyDispatcher(proxy, settings.apiBase);

  async function get(path: string, query: Record<string, string>): Promise<SnsAnswer> {
    const url = new URL(path, settings.apiBase);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let answer: SnsAnswer;
    try {
      // Node's fetch takes an undici dispatcher beside the standard options.
      const response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        ...(dispatcher ? { dispatcher } : {}),
      } as RequestInit);
      if (!response.ok) {
        throw unavailable(new ProviderFailure('微信网页授权', `HTTP${response.status}`, path));
      }
      answer = (await response.json()) as SnsAnswer;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable(new ProviderFailure('微信网页授权', networkCodeOf(error), path));
    }
    if (answer.errcode) {
      const failure = new ProviderFailure('微信网页授权', String(answer.errcode), path);
      throw CODE_REFUSED.has(answer.errcode) ? codeRefused(failure) : unavailable(failure);
    }
    return answer;
  }

  return {
    simulated: false,
    authorizeUrl({ redirectUri, state, scope }) {
      const query = new URLSearchParams({
        appid: settings.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
      });
      // WeChat requires the parameters in this order and the #wechat_redirect fragment.
      return `${WECHAT_AUTHORIZE_URL}?${query.toString()}#wechat_redirect`;
    },
    async userOf(code, scope) {
      const token = await get('/sns/oauth2/access_token', {
        appid: settings.appId,
        secret: settings.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const openid = typeof token.openid === 'string' ? token.openid : '';
      const accessToken = typeof token.access_token === 'string' ? token.access_token : '';
      if (!OPENID.test(openid) || !accessToken) {
        throw unavailable(new ProviderFailure('微信网页授权', 'NoOpenid', 'access_token'));
      }
      let unionid = typeof token.unionid === 'string' && token.unionid ? token.unionid : null;
      if (scope === 'snsapi_userinfo' && !unionid) {
        const info = await get('/sns/userinfo', {
          access_token: accessToken,
          openid,
          lang: 'zh_CN',
        });
        unionid = typeof info.unionid === 'string' && info.unionid ? info.unionid : null;
      }
      return { openid, unionid };
    },
  };
}

/** How long a simulated code may be exchanged (WeChat: 5 minutes). */
export const SIMULATED_CODE_TTL_MS = 5 * 60 * 1000;
const simulatedCodeKey = (code: string) => `wechat-oauth-sim:code:${code}`;

/**
 * The simulator's side of web authorisation: its authorize page (`/dev/wechat-oauth/authorize`,
 * wechat.dev-routes.ts) issues codes kept in the shared store; a code is exchanged once.
 */
export function createWechatOAuthSimulator(store: () => SharedStore): WechatOAuthGateway {
  return {
    simulated: true,
    authorizeUrl({ redirectUri, state, scope, origin }) {
      const query = new URLSearchParams({
        appid: 'wx_simulator',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
      });
      return `${origin}/dev/wechat-oauth/authorize?${query.toString()}`;
    },
    async userOf(code) {
      const key = simulatedCodeKey(code);
      const kept = await store().get(key);
      // Exchanged once: the first claim of its "used" mark wins.
      if (!kept || !(await store().claim(`${key}:used`, SIMULATED_CODE_TTL_MS))) {
        throw codeRefused(new ProviderFailure('模拟微信网页授权', '40163', 'code'));
      }
      const user = JSON.parse(kept) as WechatOAuthUser;
      return { openid: user.openid, unionid: user.unionid ?? null };
    },
  };
}

/** The simulator's authorize page approved: a fresh code for `openid`, valid 5 minutes. */
export async function issueSimulatedCode(store: SharedStore, openid: string): Promise<string> {
  const code = randomBytes(16).toString('base64url');
  const user: WechatOAuthUser = { openid, unionid: null };
  await store.set(simulatedCodeKey(code), JSON.stringify(user), SIMULATED_CODE_TTL_MS);
  return code;
}
