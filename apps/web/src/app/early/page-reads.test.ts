import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstLoadPages } from '../../../build/page-modules';
import { paths } from '../../config/paths';
import { useTableBuildings } from '../../features/building-table/api/building-table';
import { prefetchHomeContent } from '../../features/home/api/get-home-content';
import { HOME_FIRST_SCREEN } from '../../features/home/api/home-urls';
import { projectQueryOptions } from '../../features/projects/api/get-project';
import { readProjectSearch } from '../../features/projects/api/project-urls';
import { searchProjects } from '../../features/projects/api/search-projects';
import {
  usePopularProjects,
  useProjectNewsTimeline,
  useRecommendedProjects,
} from '../../features/projects/api/side-lists';
import { getSiteSettings } from '../../features/shell/api/get-site-settings';
import { startEarlyRequest } from '../../lib/early-requests';
import { queryClient } from '../../lib/query-client';
import { PAGE_KEYS, PAGE_ROUTES } from '../route-table';
import { earlyReadsOf } from './page-reads';

const routeModules = import.meta.glob('../routes/**/*.tsx');

function startReadsOf(address: string): string[] {
  const [pathname = '', search = ''] = address.split('?');
  const reads = earlyReadsOf(pathname, new URLSearchParams(search));
  reads.forEach((read) => startEarlyRequest(read.url));
  return reads.map((read) => read.url);
}

const leftOver = () => [...(window.portalEarlyReads?.keys() ?? [])];

function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return { client, wrapper };
}

describe('early reads of the first-load pages', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async () => Response.json({ code: '000000', message: '操作成功', data: [] }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    // Loading the home route's module prefetches its content into the app's own client, whose
    // failed reads (this file's answers are empty) are retried seconds later: stopped here, so
    // that no retry lands in a later test's count of requests.
    await queryClient.cancelQueries();
    queryClient.clear();
    vi.unstubAllGlobals();
    window.portalEarlyReads?.clear();
  });

  it('name for each address the module the router loads there', async () => {
    const pages = firstLoadPages(path.resolve(__dirname, '../../..'));
    expect([...pages.keys()]).toEqual(['/', '/home', '/newHouse', '/houseHome', '/houses']);
    for (const [address, source] of pages) {
      const key = PAGE_KEYS.find((candidate) => paths[candidate].path === address);
      const load = routeModules[`../${path.relative(path.resolve(__dirname, '..'), source)}`];
      if (!key) throw new Error(`no route at ${address}`);
      expect(load, source).toBeDefined();
      expect(await PAGE_ROUTES[key].load()).toBe(await load?.());
    }
    for (const address of pages.keys()) {
      expect(earlyReadsOf(address, new URLSearchParams('id=7')).length).toBeGreaterThan(1);
    }
  });

  it('are all taken by the home page and its shell', async () => {
    const started = startReadsOf('/home');
    prefetchHomeContent(withClient().client, HOME_FIRST_SCREEN);
    await getSiteSettings();
    await waitFor(() => expect(leftOver()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(started.length);
  });

  it('are all taken by the new-house list with the filters of its address', async () => {
    const started = startReadsOf('/newHouse?areaCode=130302&bedroom=3&pageNum=2');
    expect(started).toContain('/api/projects?pageNum=2&areaCode=130302&bedroom=3&pageSize=20');
    await searchProjects(
      readProjectSearch(new URLSearchParams('areaCode=130302&bedroom=3&pageNum=2')),
    );
    const { wrapper } = withClient();
    renderHook(() => [useProjectNewsTimeline(), useRecommendedProjects(), usePopularProjects()], {
      wrapper,
    });
    await getSiteSettings();
    await waitFor(() => expect(leftOver()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(started.length);
  });

  it('are all taken by the project home page and the building table', async () => {
    startReadsOf('/houseHome?id=7');
    await projectQueryOptions(7).queryFn?.({} as never);
    await getSiteSettings();
    expect(leftOver()).toEqual([]);

    const started = startReadsOf('/houses?id=7');
    await projectQueryOptions(7).queryFn?.({} as never);
    renderHook(() => useTableBuildings(7), withClient());
    await getSiteSettings();
    await waitFor(() => expect(leftOver()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(2 + started.length);
  });

  it('start nothing on other pages and only the shell without a project id', () => {
    expect(earlyReadsOf('/tool', new URLSearchParams())).toEqual([]);
    expect(earlyReadsOf('/houseHome', new URLSearchParams()).map((read) => read.url)).toEqual([
      '/api/site/settings',
    ]);
  });

  it('name the pictures of the first screen', () => {
    const byUrl = (address: string, search = '') =>
      new Map(earlyReadsOf(address, new URLSearchParams(search)).map((read) => [read.url, read]));
    const home = byUrl('/home');
    const banner = {
      id: 1,
      title: '横幅',
      link: null,
      attachments: [{ path: 'seed/banner-01.svg' }],
    };
    expect(home.get('/api/content/banners')?.pictures?.([banner, banner])).toEqual([
      'seed/banner-01.svg',
    ]);
    const project = { albums: { effect: ['seed/effect-05.svg'], real: [] }, coverUrl: null };
    expect(byUrl('/houseHome', 'id=7').get('/api/projects/7')?.pictures?.(project)).toEqual([
      'seed/effect-05.svg',
    ]);
    const list = { list: [{ coverUrl: 'seed/facade-13.svg' }, { coverUrl: 'seed/facade-08.svg' }] };
    expect(byUrl('/newHouse').get('/api/projects?pageNum=1&pageSize=20')?.pictures?.(list)).toEqual(
      ['seed/facade-13.svg'],
    );
  });
});
