import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPublicOrigin } from '../../config/exposure';

/*
 * The browser's session: the token in an HttpOnly cookie that page scripts cannot read, and a
 * CSRF token derived from it in a cookie they can, echoed in a header on state changes. See
 * docs/decisions/0034-cookie-sessions.md.
 */

/** A session without 记住密码 ends after two idle hours. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** 记住密码 keeps the session alive for 7 days (docs/product/accounts.md), sliding on use. */
export const REMEMBERED_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

/** The session cookie over plain http (a local or LAN demo). */
export const SESSION_COOKIE = 'portal_session';
/** The session cookie when Secure: the `__Host-` prefix also forbids a Domain attribute. */
export const SECURE_SESSION_COOKIE = '__Host-portal_session';
/** The CSRF token the web app reads and echoes in CSRF_HEADER. */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** How the session cookies are set, from the site's configuration. */
export interface SessionCookiePolicy {
  /** `Secure` (and the `__Host-` name): the site is served over https or reachable publicly. */
  secure: boolean;
  /** The site's origin, the one an Origin header of a state change may name. */
  origin: string;
  /** Outside production, pages on local addresses (dev server, LAN demo) are accepted too. */
  production: boolean;
}

export function sessionCookiePolicy(config: {
  publicOrigin: string;
  nodeEnv: string;
}): SessionCookiePolicy {
  const url = new URL(config.publicOrigin);
  return {
    secure: url.protocol === 'https:' || isPublicOrigin(config.publicOrigin),
    origin: url.origin,
    production: config.nodeEnv === 'production',
  };
}

export function sessionCookieName(policy: SessionCookiePolicy): string {
  return policy.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * The CSRF token of a session: a one-way digest of its token, so it needs no storage, names one
 * session only, and reveals nothing of the token. A cookie planted from elsewhere cannot match.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

/**
 * How long a cookie lives in the browser. 记住密码: both for the remembered lifetime. Otherwise the
 * session cookie until the browser closes, and the readable CSRF cookie for the idle timeout,
 * renewed whenever the server moves the session's expiry on: so the cookie the page looks at
 * goes when the session does, and a page opened after two idle hours shows 未登录 at once
 * instead of the old name until its first call fails. The server's own expiry
 * (docs/decisions/0006-accounts-and-sessions.md) decides in every case.
 */
function lifetimeOf(httpOnly: boolean, remember: boolean): { maxAge?: number } {
  if (remember) return { maxAge: REMEMBERED_SESSION_MS / 1000 };
  return httpOnly ? {} : { maxAge: SESSION_IDLE_MS / 1000 };
}

function cookieOptions(policy: SessionCookiePolicy, httpOnly: boolean, remember: boolean) {
  return {
    path: '/',
    httpOnly,
    secure: policy.secure,
    sameSite: 'lax' as const,
    ...lifetimeOf(httpOnly, remember),
  };
}

/** Sets the session and CSRF cookies of a freshly opened session. */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  options: { remember: boolean },
): void {
  const policy = reply.server.sessionCookies;
  reply.setCookie(sessionCookieName(policy), token, cookieOptions(policy, true, options.remember));
  renewCsrfCookie(reply, token, options);
}

/**
 * Sets the CSRF cookie; renews its lifetime when a request moved the session's sliding expiry on, so the
 * two end together (see `lifetimeOf`).
 */
export function renewCsrfCookie(
  reply: FastifyReply,
  token: string,
  options: { remember: boolean },
): void {
  const policy = reply.server.sessionCookies;
  reply.setCookie(CSRF_COOKIE, csrfTokenOf(token), cookieOptions(policy, false, options.remember));
}

/** Removes both cookies (sign-out, a session the server no longer knows). */
export function clearSessionCookies(reply: FastifyReply): void {
  const policy = reply.server.sessionCookies;
  const base = { path: '/', secure: policy.secure, sameSite: 'lax' as const };
  reply.clearCookie(sessionCookieName(policy), { ...base, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, base);
}

/** The session token the browser sent in the cookie, if any. */
export function sessionTokenFromCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[sessionCookieName(request.server.sessionCookies)];
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `origin` (a request's Origin header) is the site's own (see passesCsrfCheck). */
export function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  const policy = request.server.sessionCookies;
  if (origin === policy.origin) return true;
  if (policy.production) return false;
  // Outside production also the web dev server on another local port (as for the chat socket)
  // and the demo opened on another address of this server (a phone on the LAN).
  if (/^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Whether a request authenticated by the session cookie may go on: reads always; a state change
 * only with the session's CSRF token in the header and, when the browser names an Origin, the
 * site's own.
 */
export function passesCsrfCheck(request: FastifyRequest, sessionToken: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(request, origin)) return false;
  const header = request.headers[CSRF_HEADER];
  return typeof header === 'string' && sameText(header, csrfTokenOf(sessionToken));
}
