/*
 * The session lives in an HttpOnly cookie the page cannot read; next to it the server sets the
 * session's CSRF token in a cookie the page can read (docs/decisions/0034-cookie-sessions.md).
 * Its presence tells the page a session is open, and the api client echoes it in a header on
 * every state change.
 */

export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The CSRF token of the open session, or null when the browser holds none. */
export function readCsrfToken(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) {
      const value = rest.join('=');
      return value ? decodeURIComponent(value) : null;
    }
  }
  return null;
}

/** Drops the CSRF cookie here at once (the server removes both cookies when it signs out). */
export function forgetCsrfToken(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
