/**
 * What other modules may use of the feedback: forgetting a closing account's feedback (docs/decisions/0046-module-boundaries.md).
 */
export { forgetFeedbackOfClosedAccount } from './closed-account.service';
