/**
 * 记住密码 (docs/product/accounts.md): only the account (phone) is kept on this device, never the password;
 * the server keeps the session alive for 7 days.
 */
const REMEMBER_KEY = 'portal:remember-account';

/** The remembered phone, or an empty string. */
export function getRememberedAccount(): string {
  return window.localStorage.getItem(REMEMBER_KEY) ?? '';
}

export function isAccountRemembered(): boolean {
  return Boolean(window.localStorage.getItem(REMEMBER_KEY));
}

/** Keeps (ticked) or forgets (unticked) the account after a successful sign-in. */
export function rememberAccount(account: string, remember: boolean): void {
  if (remember) window.localStorage.setItem(REMEMBER_KEY, account);
  else window.localStorage.removeItem(REMEMBER_KEY);
}

export function forgetRememberedAccount(): void {
  window.localStorage.removeItem(REMEMBER_KEY);
}
