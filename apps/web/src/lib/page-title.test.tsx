import { act, render } from '@testing-library/react';
import { Profiler, useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publishSiteName, usePageTitle, useRouteTitle } from './page-title';

const SITE = '秦皇岛市房地产交易服务平台';

/** Stands for the public layout: sets the route title on every navigation. */
function Layout() {
  useRouteTitle();
  return <Outlet />;
}

/** Stands for a project page: its record arrives a moment after the page opens. */
function ProjectPage({ onLoaded }: { onLoaded: (load: () => void) => void }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => onLoaded(() => setName('海湾一号</title>')), [onLoaded]);
  usePageTitle(name ? [name, undefined, '新房'] : null);
  return <p>{name ?? '加载中'}</p>;
}

function setup(initial: string) {
  let load = () => {};
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/home', element: <p>首页</p> },
          { path: '/newHouse', element: <p>新房</p> },
          { path: '/myOrder', element: <p>我的订单</p> },
          {
            path: '/houseHome',
            element: <ProjectPage onLoaded={(fn) => (load = fn)} />,
          },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return { router, load: () => act(() => load()) };
}

afterEach(() => {
  act(() => publishSiteName(''));
  document.title = '';
});

describe('document titles on client-side navigation', () => {
  it('keeps the server-written title until the site name is known', () => {
    document.title = `新房-${SITE}`;
    setup('/newHouse');
    expect(document.title).toBe(`新房-${SITE}`);
    act(() => publishSiteName('北戴河区房地产交易服务平台'));
    expect(document.title).toBe('新房-北戴河区房地产交易服务平台');
  });

  it('names fixed pages, the home and personal pages, ignoring case and a trailing slash', async () => {
    act(() => publishSiteName(SITE));
    const { router } = setup('/newHouse');
    expect(document.title).toBe(`新房-${SITE}`);
    await act(() => router.navigate('/home'));
    expect(document.title).toBe(SITE);
    await act(() => router.navigate('/myOrder'));
    expect(document.title).toBe(SITE);
  });

  it('leaves a record page its own title and never overwrites it with the site name', async () => {
    act(() => publishSiteName(SITE));
    const { router, load } = setup('/newHouse');
    await act(() => router.navigate('/houseHome?id=7'));
    // While the project loads the previous title stays: the layout does not touch record pages.
    expect(document.title).toBe(`新房-${SITE}`);
    load();
    expect(document.title).toBe(`海湾一号</title>-新房-${SITE}`);
    // A new site name (settings saved) renames the record page in the same form.
    act(() => publishSiteName('北戴河区房地产交易服务平台'));
    expect(document.title).toBe('海湾一号</title>-新房-北戴河区房地产交易服务平台');
    await act(() => router.navigate('/newHouse'));
    expect(document.title).toBe('新房-北戴河区房地产交易服务平台');
  });

  it('names the page when the site name arrives without drawing the page again', () => {
    document.title = `新房-${SITE}`;
    function TitledPage() {
      usePageTitle(['海湾一号', '新房']);
      return <p>海湾一号</p>;
    }
    let commits = 0;
    render(
      <Profiler id="page" onRender={() => (commits += 1)}>
        <TitledPage />
      </Profiler>,
    );
    const commitsBefore = commits;
    act(() => publishSiteName(SITE));
    expect(document.title).toBe(`海湾一号-新房-${SITE}`);
    // A page drawn again while its sections' code loads would lose their server-drawn HTML.
    expect(commits).toBe(commitsBefore);
  });
});
