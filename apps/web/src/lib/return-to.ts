/**
 * The page a citizen goes back to after signing in (docs/decisions/0053-wechat-web-authorisation.md):
 * a path of this site only. `//host`, `/\host`, absolute addresses and control characters would
 * send the browser elsewhere (an open redirect), so they fall back to `fallback`. The server
 * checks the same rules again for the WeChat sign-in.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'http://portal.invalid';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The page in hand now (path and query), the task to come back to after signing in. */
export function currentTask(): string {
  return `${window.location.pathname}${window.location.search}`;
}
