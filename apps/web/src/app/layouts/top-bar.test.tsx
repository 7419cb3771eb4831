import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { renderWithProviders } from '../../test/render';
import { signInForTest } from '../../test/session';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  afterEach(() => authStore.clear());

  it('offers 登录 and 注册 to visitors once those pages exist', () => {
    renderWithProviders(<TopBar siteTitle="房产平台" />, { registered: ['login', 'register'] });
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: /小程序/ })).toBeTruthy();
  });

  it('shows no sign-in links while those pages are missing', () => {
    renderWithProviders(<TopBar siteTitle="房产平台" />);
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(screen.getByText('您好，欢迎访问房产平台！')).toBeTruthy();
  });

  it('shows the masked phone of a signed-in user and signs out from the menu', async () => {
    signInForTest('t', { userId: 1, nickName: null, phoneNumber: '13800000002' });
    renderWithProviders(<TopBar siteTitle="房产平台" />, { registered: ['login'] });
    // The user menu's code loads after sign-in.
    const menu = await screen.findByRole('button', { name: /138\*\*\*\*0002/ });
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();

    fireEvent.mouseEnter(menu);
    fireEvent.click(await screen.findByText('退出'));
    expect(authStore.getState().isLoggedIn).toBe(false);
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
  });
});
