import { type AuthUser, authStore } from '../lib/auth-store';
import { CSRF_COOKIE } from '../lib/session-cookie';

/**
 * Signs the app in as a login would: the server's answer leaves the session's CSRF cookie (the
 * HttpOnly session cookie is the browser's business), then the store takes the session up.
 */
export function signInForTest(session: string, user: AuthUser | null = null): void {
  document.cookie = `${CSRF_COOKIE}=${session}; Path=/`;
  authStore.signIn(user);
}
