/**
 * What other modules may use of 找房需求: forgetting a closing account's demands (docs/decisions/0046-module-boundaries.md).
 */
export { forgetDemandsOfClosedAccount } from './closed-account.service';
