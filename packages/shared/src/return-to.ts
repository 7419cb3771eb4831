/** Longest page address kept to return to (a path and its query). */
const RETURN_TO_MAX = 512;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The page to return to after signing in or verifying, if it is a path of this site: it starts
 * with one `/` (not `//` or `/\`, which browsers read as another host), holds no control
 * characters or backslashes, and resolves to the same origin. Anything else would be an open
 * redirect: null. The server and the web app apply the same rule
 * (docs/decisions/0053-wechat-web-authorisation.md).
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_TO_MAX || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return null;
  try {
    const base = 'http://portal.invalid';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The cookie naming the page a phone goes back to after the face verification's H5 page. */
export const REALNAME_BACK_COOKIE = 'portal_realname_back';
