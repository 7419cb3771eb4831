import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { signInForTest } from '../../../test/session';
import { AdminShell } from './admin-shell';

function answer(status: number, code: string, data: unknown = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ code, message: code === '000000' ? '操作成功' : '拒绝', data }, { status }),
    ),
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AdminShell onLogout={() => undefined} />,
        children: ['/admin', '/admin/news'].map((path) => ({ path, element: <p>后台页面</p> })),
      },
      { path: '/login', element: <p>登录页</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <App>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </App>,
  );
  return router;
}

describe('AdminShell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  it('sends a signed-out visitor to /login and back', async () => {
    answer(401, '90001');
    const router = renderAt('/admin/news');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fnews');
  });

  it('shows the 403 page to a signed-in citizen', async () => {
    signInForTest('token-of-a-citizen-000000000000');
    answer(403, '10403');
    renderAt('/admin');
    expect(await screen.findByText('抱歉，您没有权限访问运营后台')).toBeTruthy();
    expect(screen.queryByText('后台页面')).toBeNull();
  });

  it('shows the operator the menu and the page', async () => {
    signInForTest('token-of-the-operator-0000000000');
    answer(200, '000000', { userId: 3, phone: '13900000000', nickname: '平台运营' });
    renderAt('/admin/news');
    expect(await screen.findByText('后台页面')).toBeTruthy();
    expect(screen.getByText(/13900000000/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '资讯管理' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '操作日志' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '房源审核' }).getAttribute('href')).toBe(
      '/admin/listings',
    );
  });

  it('keeps the menu behind a 菜单 button on a phone, and closes it when a page is chosen', async () => {
    const original = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 767px'),
    }));
    signInForTest('token-of-the-operator-0000000000');
    answer(200, '000000', { userId: 3, phone: '13900000000', nickname: '平台运营' });
    const router = renderAt('/admin');
    const toggle = await screen.findByRole('button', { name: /^菜\s?单$/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: '收起菜单' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('link', { name: '资讯管理' }));
    expect(await screen.findByRole('button', { name: /^菜\s?单$/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/news');
    vi.restoreAllMocks();
  });
});
