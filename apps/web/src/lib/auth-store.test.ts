import { describe, expect, it, vi } from 'vitest';
import { signInForTest } from '../test/session';
import { authStore, getDisplayName } from './auth-store';
import { readCsrfToken } from './session-cookie';

describe('authStore', () => {
  it('knows the session by its CSRF cookie, stores no token, and forgets all on clear', () => {
    signInForTest('csrf-1', { userId: 7, phoneNumber: '13800000001' });
    authStore.setPopupOpen(true);
    expect(authStore.getState()).toMatchObject({
      session: 'csrf-1',
      isLoggedIn: true,
      isPopupOpen: true,
    });
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index) ?? '';
      expect(window.localStorage.getItem(key)).not.toContain('csrf-1');
    }

    authStore.clear();
    expect(readCsrfToken()).toBeNull();
    expect(authStore.getState()).toMatchObject({
      session: null,
      user: null,
      isLoggedIn: false,
      isPopupOpen: false,
    });
  });

  it('tells subscribers about changes', () => {
    const seen: boolean[] = [];
    const unsubscribe = authStore.subscribe(() => seen.push(authStore.getState().isLoggedIn));
    signInForTest('csrf-2');
    authStore.logout();
    unsubscribe();
    expect(seen).toEqual([true, false]);
  });
});

describe('a token stored by an earlier version', () => {
  it('is dropped on load: that citizen signs in again once', async () => {
    window.localStorage.setItem('portal:token', 'old-bearer-token-000000000000');
    vi.resetModules();
    const fresh = await import('./auth-store');
    expect(window.localStorage.getItem('portal:token')).toBeNull();
    expect(fresh.authStore.getState().isLoggedIn).toBe(false);
  });
});

describe('getDisplayName', () => {
  it('prefers the nickname, then the masked phone, then 未登录', () => {
    expect(getDisplayName({ userId: 1, nickName: '海边的房子', phoneNumber: '13800000001' })).toBe(
      '海边的房子',
    );
    expect(getDisplayName({ userId: 1, nickName: '', phoneNumber: '13800000001' })).toBe(
      '138****0001',
    );
    expect(getDisplayName(null)).toBe('未登录');
  });
});
