/**
 * What other modules may use of sign-in and sessions (docs/decisions/0046-module-boundaries.md):
 * who an account is (by id or phone), the writes of an account row other modules ask for (accounts
 * are auth's table: docs/decisions/0075-one-owner-per-table.md), password hashing, sessions, SMS
 * codes and the request's origin. The route guards and the session cookie are `modules/access`.
 */
export {
  findUserById,
  findUserByPhone,
  isIdentityHeldByAnother,
  toCurrentUser,
  type UserRow,
} from './accounts.queries';
export {
  accountOfWechatUser,
  createSpeakingAccount,
  markAccountVerified,
  replaceAccountAvatar,
  revokeAccountVerification,
  saveAccountCareMode,
  saveAccountProfile,
  saveOperatorAccount,
  setAccountDisabled,
} from './account-writes.service';
export { backfillAccountIdentities } from './account-identities';
export { requestOrigin } from './auth-client';
export { hashPassword, verifyPassword } from './password';
export {
  announceSessionsEnded,
  createSession,
  onSessionsEnded,
  purgeExpiredSessions,
  resolveSession,
  revokeAllSessions,
} from './session.service';
export { consumeSmsCode } from './sms-code.service';
export { purgeStaleFailures } from './password-failures';
export { liveSessionIds } from './auth.queries';
export {
  forgetAccountRowOfClosedAccount,
  forgetSignInOfClosedAccount,
} from './closed-account.service';
