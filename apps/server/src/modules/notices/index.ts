/**
 * What other modules may use of the citizens' messages (我的消息): sending notices inside the
 * caller's transaction (docs/decisions/0075-one-owner-per-table.md) and forgetting a closing
 * account's messages (docs/decisions/0046-module-boundaries.md).
 */
export { forgetNoticesOfClosedAccount } from './closed-account.service';
export { insertNoticesFrom, sendNotices, type NewNotice } from './send-notices';
