/**
 * What other modules may use of the citizen accounts (docs/decisions/0046-module-boundaries.md):
 * the user lookups sign-in needs, and the picture sniffing shared with operator uploads.
 */
export { isImageBytes } from './avatar.service';
export { findUserById, findUserByPhone, toCurrentUser, type UserRow } from './users.queries';
export { purgeClosedAccountRecords } from './closed-account-retention';
