import { PAGES } from '@portal/shared/pages';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, type PathKey } from '../config/paths';
import { AppProviders } from './providers';
import { PAGE_KEYS, PAGE_ROUTES } from './route-table';
import { routes } from './router';

const SETTINGS = {
  title: '秦皇岛市房地产交易服务平台',
  logo: '',
  keywords: '秦皇岛,新房,二手房',
  description: '房产交易服务',
  icp: '冀ICP备00000000号-1',
  copyright: '© 2026 秦皇岛市住房和城乡建设局 版权所有',
  website: '',
  cityName: '秦皇岛市',
  authority: '秦皇岛市住房和城乡建设局',
  icpLink: 'https://beian.miit.gov.cn/',
  psbNumber: '冀公网安备13030202000001号',
  psbLink: 'https://beian.mps.gov.cn/#/query/webSearch?code=13030202000001',
  hotline: '0335-3012345',
};

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('route map', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: '000000', message: '操作成功', data: SETTINGS })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the home page at / inside the shell, with settings in the footer and title', async () => {
    renderAt('/');
    expect(await screen.findByRole('region', { name: '便民服务' })).toBeTruthy();
    expect(await screen.findByText(SETTINGS.icp)).toBeTruthy();
    expect(screen.getByText(SETTINGS.copyright)).toBeTruthy();
    // The title already names the city: it is not doubled.
    expect(document.title).toBe(SETTINGS.title);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: SETTINGS.icp }).getAttribute('href')).toBe(
      SETTINGS.icpLink,
    );
    expect(
      within(footer).getByRole('link', { name: SETTINGS.psbNumber }).getAttribute('href'),
    ).toBe(SETTINGS.psbLink);
    expect(within(footer).getByRole('link', { name: SETTINGS.hotline }).getAttribute('href')).toBe(
      'tel:03353012345',
    );
    expect(within(footer).getByText(`主办单位：${SETTINGS.authority}`)).toBeTruthy();
    expect(document.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe(
      SETTINGS.keywords,
    );
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('shows the 404 page for an unknown path and leads back home', async () => {
    const router = renderAt('/no-such-page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');

    fireEvent.click(screen.getByRole('link', { name: '返回首页' }));
    expect(await screen.findByRole('region', { name: '便民服务' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('routes every page of the page table to its own route, not the 404 catch-all', () => {
    for (const key of Object.keys(paths) as PathKey[]) {
      const matches = matchRoutes(routes, paths[key].path) ?? [];
      expect(matches.at(-1)?.route.path, key).toBe(paths[key].path);
    }
  });

  it('draws only private pages in the personal and frame shells, and the console in its own', () => {
    for (const key of PAGE_KEYS) {
      const { kind } = PAGES[key];
      const { layout } = PAGE_ROUTES[key];
      if (layout === 'personal' || layout === 'bare') expect(kind, key).toBe('private');
      expect(layout === 'admin', key).toBe(kind === 'operator');
    }
  });

  it('has a /500 page', async () => {
    renderAt('/500');
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });
});
