import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { signInForTest } from '../../test/session';
import { PersonalLayout, stripOffsetFor } from './personal-layout';

const USER = {
  userId: 7,
  nickName: null,
  phoneNumber: '13800000002',
  avatar: null,
  gender: 2,
  birthday: null,
  remark: null,
  realNameAuth: false,
  openid: null,
};

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <PersonalLayout />,
        children: ['/securitySetting', '/modifyPassword'].map((path) => ({
          path,
          element: <p>页面内容</p>,
        })),
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

describe('PersonalLayout', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: '000000', message: '操作成功', data: USER })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  it('sends a signed-out visitor to /login with the page to come back to', async () => {
    const router = renderAt('/securitySetting?x=1');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2FsecuritySetting%3Fx%3D1');
  });

  it('shows the masked name and the menu with the current item highlighted', async () => {
    signInForTest('token-of-test-user-000000000000');
    renderAt('/modifyPassword');
    expect(await screen.findByText('138****0002')).toBeTruthy();
    const current = screen.getByRole('link', { name: '安全设置' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '个人资料' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: '我的收藏' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('/myOrder');
  });

  it('shows the count of unread notices beside 我的消息, asked of the server', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/api/notices/unread-count')
        ? Response.json({ code: '000000', message: '操作成功', data: { count: 3 } })
        : Response.json({ code: '000000', message: '操作成功', data: USER }),
    );
    vi.stubGlobal('fetch', fetchMock);
    signInForTest('token-of-test-user-000000000000');
    renderAt('/securitySetting');
    expect(await screen.findByLabelText('3条未读消息')).toBeTruthy();
    const link = screen.getByRole('link', { name: /我的消息/ });
    expect(link.textContent).toBe('我的消息3');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('unread-count'))).toBe(true);
  });

  it('shows no count when every notice is read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/notices/unread-count')
          ? Response.json({ code: '000000', message: '操作成功', data: { count: 0 } })
          : Response.json({ code: '000000', message: '操作成功', data: USER }),
      ),
    );
    signInForTest('token-of-test-user-000000000000');
    renderAt('/securitySetting');
    expect(await screen.findByText('138****0002')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '我的消息' })).textContent).toBe('我的消息');
    expect(screen.queryByLabelText(/条未读消息/)).toBeNull();
  });
});

describe('the phone menu strip', () => {
  const strip = { scrollWidth: 900, clientWidth: 375 };

  it('scrolls so that the current item sits in the middle of the strip', () => {
    // Item at 400–484 px: its middle (442) goes to the strip's middle (187.5).
    expect(stripOffsetFor(strip, { offsetLeft: 400, offsetWidth: 84 })).toBe(255);
  });

  it('stays within the strip at both ends', () => {
    expect(stripOffsetFor(strip, { offsetLeft: 16, offsetWidth: 84 })).toBe(0);
    expect(stripOffsetFor(strip, { offsetLeft: 820, offsetWidth: 80 })).toBe(525);
  });

  it('does not scroll a menu that fits, as the desktop column does', () => {
    const column = { scrollWidth: 200, clientWidth: 200 };
    expect(stripOffsetFor(column, { offsetLeft: 0, offsetWidth: 200 })).toBe(0);
  });
});
