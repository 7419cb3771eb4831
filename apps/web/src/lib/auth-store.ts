import { maskPhone } from '@portal/shared/format';
import { useSyncExternalStore } from 'react';
import { forgetCsrfToken, readCsrfToken } from './session-cookie';

/** The signed-in user as the current-user call answers it (docs/product/accounts.md). */
export interface AuthUser {
  userId: string | number;
  nickName?: string | null;
  phoneNumber?: string | null;
  avatar?: string | null;
}

export interface AuthState {
  /**
   * The open session's CSRF token (read from its cookie; the session token itself is HttpOnly):
   * names the session for caches, null when signed out.
   */
  session: string | null;
  user: AuthUser | null;
  isLoggedIn: boolean;
  /** The home pop-up 推荐楼盘 opens on the next home visit (set after login, docs/product/accounts.md). */
  isPopupOpen: boolean;
  /** The login dialog of listing pages is showing. */
  isLoginDialogOpen: boolean;
  /**
   * Where a sign-in that leaves the page (WeChat's authorisation) comes back to, when it is not
   * simply the page in hand: the building table with the room being booked.
   */
  loginReturnTo?: string | null;
}

export const AUTH_STORAGE_KEYS = {
  user: 'portal:user',
  popup: 'portal:popup-open',
} as const;

/** Where earlier versions kept the session token; it is dropped (the citizen signs in again). */
export const LEGACY_TOKEN_KEY = 'portal:token';

function readUser(): AuthUser | null {
  const text = window.localStorage.getItem(AUTH_STORAGE_KEYS.user);
  if (!text) return null;
  try {
    return JSON.parse(text) as AuthUser;
  } catch {
    return null;
  }
}

/** While the server renders a page (`entry-server.tsx`), nobody is signed in. */
const SIGNED_OUT: AuthState = {
  session: null,
  user: null,
  isLoggedIn: false,
  isPopupOpen: false,
  isLoginDialogOpen: false,
};

function readStoredState(): AuthState {
  if (typeof window === 'undefined') return SIGNED_OUT;
  const session = readCsrfToken();
  return {
    session,
    user: session ? readUser() : null,
    isLoggedIn: Boolean(session),
    isPopupOpen: window.localStorage.getItem(AUTH_STORAGE_KEYS.popup) === '1',
    isLoginDialogOpen: false,
  };
}

function writeStorage(key: string, value: string | null): void {
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
}

if (typeof window !== 'undefined') window.localStorage.removeItem(LEGACY_TOKEN_KEY);
let state: AuthState = readStoredState();
const listeners = new Set<() => void>();

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

/**
 * The client session: whether the session cookie is there (seen through its CSRF cookie), the
 * user as last fetched, and the login-related flags. The server confirms with /api/auth/me and
 * code 90001 clears it.
 */
export const authStore = {
  getState: (): AuthState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Takes up the session whose cookies a successful login has just set (and the user when
   * known). Other tabs learn of it through the stored user.
   */
  signIn(user: AuthUser | null = null): void {
    const session = readCsrfToken();
    writeStorage(AUTH_STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
    setState({ session, user, isLoggedIn: Boolean(session) });
  },

  setUser(user: AuthUser): void {
    writeStorage(AUTH_STORAGE_KEYS.user, JSON.stringify(user));
    setState({ user });
  },

  setPopupOpen(isOpen: boolean): void {
    writeStorage(AUTH_STORAGE_KEYS.popup, isOpen ? '1' : null);
    setState({ isPopupOpen: isOpen });
  },

  setLoginDialogOpen(isOpen: boolean, returnTo: string | null = null): void {
    setState({ isLoginDialogOpen: isOpen, loginReturnTo: isOpen ? returnTo : null });
  },

  /** Forgets the session without a word: used for code 90001 and after signing out. */
  clear(): void {
    forgetCsrfToken();
    Object.values(AUTH_STORAGE_KEYS).forEach((key) => writeStorage(key, null));
    setState({ session: null, user: null, isLoggedIn: false, isPopupOpen: false });
  },

  /** Signs out on this device. */
  logout(): void {
    authStore.clear();
  },

  /** Re-reads the cookie and storage, e.g. after another tab signed in or out. */
  reload(): void {
    setState(readStoredState());
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: ReadonlyArray<string | null> = Object.values(AUTH_STORAGE_KEYS);
    if (event.key === null || keys.includes(event.key)) authStore.reload();
  });
}

/** Subscribes a component to one slice of the session; the selector must return stable values. */
export function useAuth<T>(selector: (current: AuthState) => T): T {
  // A page the server rendered was drawn signed out; hydration starts from that.
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(authStore.getState()),
    () => selector(SIGNED_OUT),
  );
}

/** nickName, else the phone with the middle four digits hidden, else 未登录 (docs/product/accounts.md). */
export function getDisplayName(user: AuthUser | null): string {
  if (user?.nickName) return user.nickName;
  if (user?.phoneNumber) return maskPhone(user.phoneNumber);
  return '未登录';
}
