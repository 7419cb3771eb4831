/**
 * What other modules may use of sign-in and sessions (docs/decisions/0046-module-boundaries.md):
 * password hashing, sessions and their cookie, SMS codes and the request's origin.
 */
export { requestOrigin } from './auth-client';
export { hashPassword, verifyPassword } from './password';
export { clearSessionCookies, sessionTokenFromCookie } from './session-cookie';
export {
  announceSessionsEnded,
  createSession,
  onSessionsEnded,
  purgeExpiredSessions,
  resolveSession,
  revokeAllSessions,
  type SessionUser,
} from './session.service';
export { consumeSmsCode } from './sms-code.service';
export { purgeStaleFailures } from './password-failures';
export { liveSessionIds } from './auth.queries';
export { forgetSignInOfClosedAccount } from './closed-account.service';
