/**
 * What other modules may use of the citizen accounts (docs/decisions/0046-module-boundaries.md):
 * the avatar files the file sweeper keeps and the purge of closed accounts' records. Who an
 * account is (by id or phone) is read through `modules/auth`, which creates accounts.
 */
export { avatarFamily } from './avatar.service';
export { purgeClosedAccountRecords } from './closed-account-retention';
