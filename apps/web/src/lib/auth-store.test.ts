import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEYS, authStore, getDisplayName } from './auth-store';

describe('authStore', () => {
  it('keeps the token in localStorage and forgets everything on clear', () => {
    authStore.signIn('token-1', { userId: 7, phoneNumber: '13800000001' });
    authStore.setPopupOpen(true);
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBe('token-1');
    expect(authStore.getState()).toMatchObject({ isLoggedIn: true, isPopupOpen: true });

    authStore.clear();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBeNull();
    expect(authStore.getState()).toMatchObject({
      token: null,
      user: null,
      isLoggedIn: false,
      isPopupOpen: false,
    });
  });

  it('tells subscribers about changes', () => {
    const seen: boolean[] = [];
    const unsubscribe = authStore.subscribe(() => seen.push(authStore.getState().isLoggedIn));
    authStore.signIn('token-2');
    authStore.logout();
    unsubscribe();
    expect(seen).toEqual([true, false]);
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
