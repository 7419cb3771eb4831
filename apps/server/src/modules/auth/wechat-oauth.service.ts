import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_CODES } from '@portal/shared/codes';
import { sameSitePath } from '@portal/shared/return-to';
import type { WechatOAuthError } from '@portal/shared/schemas/auth';
import type { Db } from '../../db/client';
import type { WechatOAuthGateway, WechatOAuthScope } from '../../integrations/wechat/wechat-oauth';
import type { SharedStore } from '../../integrations/wechat/wechat-shared-store';
import { confirmTicket, issueTicket } from '../../integrations/wechat/wechat-tickets';
import { AppError } from '../../lib/app-error';
import { accountOfWechatUser } from './account-writes.service';
import { type ClientInfo, openSession } from './login.service';

/** A sign-in through WeChat's authorize page must come back within 10 minutes. */
export const WECHAT_OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** A code once presented is remembered this long (WeChat's codes live 5 minutes). */
const USED_CODE_TTL_MS = 10 * 60 * 1000;

const hash = (kind: string, value: string) =>
  createHash('sha256').update(`wechat-oauth-${kind}:${value}`).digest('hex');
const stateKey = (state: string) => `wechat-oauth:state:${hash('state', state)}`;

/** What the server keeps of a started sign-in (never the state or the browser's secret). */
interface KeptState {
  browserHash: string;
  returnTo: string;
  scope: WechatOAuthScope;
  agreementVersion?: number;
}

/**
 * The page to return to after sign-in: '/' when none is given, null when it is not a path of
 * this site (an open redirect, refused).
 */
export function safeReturnTo(value: string | undefined): string | null {
  if (value === undefined || value === '') return '/';
  return sameSitePath(value);
}

/**
 * Starts a web-authorisation sign-in: a fresh `state` for WeChat's redirect and a secret for
 * the asking browser's cookie. Only their hashes are kept, with the page to return to, in the
 * shared store (Redis when configured) for 10 minutes.
 */
export async function startWechatOAuth(
  store: SharedStore,
  input: { returnTo: string; scope: WechatOAuthScope; agreementVersion?: number },
): Promise<{ state: string; browserSecret: string }> {
  const state = randomBytes(18).toString('base64url');
  const browserSecret = randomBytes(24).toString('base64url');
  const kept: KeptState = { browserHash: hash('browser', browserSecret), ...input };
  await store.set(stateKey(state), JSON.stringify(kept), WECHAT_OAUTH_STATE_TTL_MS);
  return { state, browserSecret };
}

/** The outcome of WeChat's return to the callback, as the route turns it into a redirect. */
export type WechatOAuthOutcome =
  | { kind: 'session'; token: string; returnTo: string }
  | { kind: 'bind'; ticket: string; browserSecret: string; returnTo: string }
  | { kind: 'error'; error: WechatOAuthError; returnTo: string | null; cause?: unknown };

function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * WeChat sent the browser back (docs/security.md, "WeChat sign-in"). The state must be one we
 * issued, still unused, to this very browser (its cookie's secret): a sign-in started in one
 * browser cannot be finished in another, so nobody can be signed into someone else's account
 * (login fixation) by a link carrying a stolen or planted state. The state is used once, and
 * a code is presented to WeChat once. An account with a phone gets its session; a WeChat user
 * without one gets a confirmed QR-style ticket (bound to this browser) for 绑定手机号.
 */
export async function finishWechatOAuth(
  db: Db,
  store: SharedStore,
  gateway: WechatOAuthGateway,
  input: { code?: string; state?: string; browserSecret?: string },
  client: ClientInfo,
): Promise<WechatOAuthOutcome> {
  const { code, state, browserSecret } = input;
  if (!state || !browserSecret) return { kind: 'error', error: 'state', returnTo: null };
  const text = await store.get(stateKey(state));
  if (!text) return { kind: 'error', error: 'state', returnTo: null };
  const kept = JSON.parse(text) as KeptState;
  if (!sameHash(hash('browser', browserSecret), kept.browserHash)) {
    return { kind: 'error', error: 'state', returnTo: null };
  }
  if (!(await store.claim(`${stateKey(state)}:used`, WECHAT_OAUTH_STATE_TTL_MS))) {
    return { kind: 'error', error: 'state', returnTo: kept.returnTo };
  }
  // Without a code the user declined (snsapi_userinfo's 拒绝).
  if (!code) return { kind: 'error', error: 'denied', returnTo: kept.returnTo };
  if (!(await store.claim(`wechat-oauth:code:${hash('code', code)}`, USED_CODE_TTL_MS))) {
    return { kind: 'error', error: 'code', returnTo: kept.returnTo };
  }
  let wechatUser;
  try {
    wechatUser = await gateway.userOf(code, kept.scope);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = error.code === API_CODES.WECHAT_OAUTH_CODE_INVALID.code ? 'code' : 'unavailable';
    return { kind: 'error', error: reason, returnTo: kept.returnTo, cause: error };
  }
  const user = await accountOfWechatUser(db, wechatUser.openid, wechatUser.unionid);
  if (!user) throw new AppError('INTERNAL_ERROR');
  if (user.disabled) return { kind: 'error', error: 'disabled', returnTo: kept.returnTo };
  if (!user.phone) {
    const now = client.now ?? new Date();
    const issued = await issueTicket(db, now);
    await confirmTicket(
      db,
      issued.row.ticket,
      {
        openid: wechatUser.openid,
        unionid: wechatUser.unionid,
        userId: user.id,
      },
      now,
    );
    return {
      kind: 'bind',
      ticket: issued.row.ticket,
      browserSecret: issued.browserSecret,
      returnTo: kept.returnTo,
    };
  }
  const token = await openSession(db, user, false, client, {
    agreementVersion: kept.agreementVersion,
  });
  return { kind: 'session', token, returnTo: kept.returnTo };
}
