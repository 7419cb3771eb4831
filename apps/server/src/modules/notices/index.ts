/**
 * What other modules may use of the citizens' messages (我的消息): forgetting a closing account's messages (docs/decisions/0046-module-boundaries.md).
 */
export { forgetNoticesOfClosedAccount } from './closed-account.service';
