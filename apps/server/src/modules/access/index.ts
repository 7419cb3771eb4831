/**
 * What other modules and the auth plugin may use of a request's caller
 * (docs/decisions/0046-module-boundaries.md): the route guards (`requireUser`, `requireAdmin`,
 * `currentUser`), the caller's type, and the session cookie with its CSRF token and lifetimes.
 * Sessions themselves (opening, resolving, revoking) are the auth module's; this module sits below
 * every module whose routes are guarded, auth included, and depends on none of them.
 */
export { currentUser, requireAdmin, requireUser, type SessionUser } from './guards';
export {
  clearSessionCookies,
  CSRF_COOKIE,
  csrfTokenOf,
  isOwnOrigin,
  passesCsrfCheck,
  REMEMBERED_SESSION_MS,
  renewCsrfCookie,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  type SessionCookiePolicy,
  sessionCookiePolicy,
  sessionTokenFromCookie,
  setSessionCookies,
} from './session-cookie';
