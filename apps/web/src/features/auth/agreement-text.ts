import { LEGAL_TITLES } from '@portal/shared/legal/texts';

/**
 * Title of the user service agreement accepted at sign-in and registration; its text and version
 * come from the server (the version in force), so the box, the dialog and /agreement agree.
 */
export const AGREEMENT_TITLE = LEGAL_TITLES.agreement;

/** Warning shown when a user tries to sign in without accepting (docs/product/accounts.md). */
export const AGREEMENT_WARNING = `登录需您阅读并同意《${AGREEMENT_TITLE}》`;

/** Tooltip on the unticked box (docs/product/accounts.md, verbatim). */
export const AGREEMENT_TOOLTIP = '请您仔细阅读需 《服务协议》并同意勾选';
