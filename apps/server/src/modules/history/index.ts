/**
 * What other modules may use of the browsing history: forgetting a closing account's history (docs/decisions/0046-module-boundaries.md).
 */
export { forgetHistoryOfClosedAccount } from './closed-account.service';
