import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { renderWithProviders } from '../../test/render';
import { signInForTest } from '../../test/session';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  /** The server's answers: /api/auth/me gives `me` (or code 90001 when null). */
  function serverWith(me: object | null) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).startsWith('/api/auth/me')) {
          return Response.json({ code: '000000', message: 'ok', data: null });
        }
        return me
          ? Response.json({ code: '000000', message: 'ok', data: me })
          : Response.json(
              { code: '90001', message: '登录已失效，请重新登录', data: null },
              { status: 401 },
            );
      }),
    );
  }

  it('greets visitors and offers them 登录 and 注册', () => {
    renderWithProviders(<TopBar siteTitle="房产平台" />);
    expect(screen.getByText('您好，欢迎访问房产平台！')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: /小程序/ })).toBeTruthy();
  });

  it('shows the masked phone of a signed-in user and signs out from the menu', async () => {
    serverWith({ userId: 1, nickName: null, phoneNumber: '13800000002' });
    signInForTest('t', { userId: 1, nickName: null, phoneNumber: '13800000002' });
    renderWithProviders(<TopBar siteTitle="房产平台" />);
    // The user menu's code loads after sign-in.
    const menu = await screen.findByRole('button', { name: /138\*\*\*\*0002/ });
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();

    fireEvent.mouseEnter(menu);
    fireEvent.click(await screen.findByText('退出'));
    expect(authStore.getState().isLoggedIn).toBe(false);
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
  });

  it('names a user whose session was opened without this page knowing them', async () => {
    serverWith({ userId: 1, nickName: '海港居民', phoneNumber: '13800000002' });
    signInForTest('t');
    renderWithProviders(<TopBar siteTitle="房产平台" />);
    expect(await screen.findByRole('button', { name: /海港居民/ })).toBeTruthy();
    expect(screen.queryByText(/未登录/)).toBeNull();
  });

  it('shows 登录 at once when the server no longer knows the session', async () => {
    serverWith(null);
    signInForTest('t', { userId: 1, nickName: '旧名字', phoneNumber: null });
    renderWithProviders(<TopBar siteTitle="房产平台" />);
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
    expect(screen.queryByText(/旧名字/)).toBeNull();
  });
});
