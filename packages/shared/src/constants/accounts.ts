/**
 * Closed accounts (docs/product/accounts.md "注销账号"): what others read in the place of a
 * closed account, and how long the conversations and reports it shared with others are kept.
 */
export const CLOSED_ACCOUNT_NAME = '已注销用户';

/** Years the de-identified conversations and reports of a closed account are kept. */
export const CLOSED_ACCOUNT_RETENTION_YEARS = 3;
