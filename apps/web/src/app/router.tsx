import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { TopLoadingBar } from '../components/top-loading-bar';
import { paths } from '../config/paths';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { preloadPageCode } from '../lib/route-code';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import {
  LAYOUT_SHELLS,
  type LayoutKey,
  loadDateLocale,
  loadNotFound,
  PAGE_KEYS,
  PAGE_ROUTES,
  type RouteModule,
} from './route-table';

/**
 * A page's code, loaded when the page opens. At `address`, its chunks are preloaded all at once
 * from the build's list (lib/route-code.ts), without waiting for that list.
 */
function lazyPage(load: () => Promise<RouteModule>, address?: string): RouteObject['lazy'] {
  const loadWithReload = lazyWithReload(load);
  return async () => {
    if (address) void preloadPageCode(address);
    return { Component: (await loadWithReload()).default };
  };
}

/** A page's code together with the dayjs Chinese locale its date pickers need. */
function withDateLocale(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return async () => (await Promise.all([load(), loadDateLocale()]))[0];
}

function pagesOf(layout: LayoutKey): RouteObject[] {
  return PAGE_KEYS.filter((key) => PAGE_ROUTES[key].layout === layout).map((key) => {
    const { load, dates } = PAGE_ROUTES[key];
    const { path } = paths[key];
    return { path, lazy: lazyPage(dates === false ? load : withDateLocale(load), path) };
  });
}

/** The personal-centre shell (header, avatar, menu) loads with the first personal page. */
const loadPersonalLayout = lazyWithReload(LAYOUT_SHELLS.personal);

/** While the first page's code loads: a loading bar if it takes longer than 200 ms. */
function FirstLoad() {
  return <TopLoadingBar isLoading />;
}

/** The one route map of the site: layouts, their lazily loaded pages and the 404 catch-all. */
export const routes: RouteObject[] = [
  {
    // Pages without the site shell (embedded in a frame): only the page itself.
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    children: pagesOf('bare'),
  },
  {
    // The operator console: its shell loads, as its own chunk, only when an /admin page opens.
    lazy: async () => ({ Component: (await LAYOUT_SHELLS.admin()).AdminLayout }),
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    children: pagesOf('admin'),
  },
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...pagesOf('public'),
          {
            lazy: async () => ({ Component: (await loadPersonalLayout()).PersonalLayout }),
            children: pagesOf('personal'),
          },
          { path: '*', lazy: lazyPage(loadNotFound) },
        ],
      },
    ],
  },
];

/**
 * The router. On a page the server rendered, `renderedOnServer` tells it so: the reader may have
 * scrolled (and tapped) before the app took the page over, and the router would otherwise reset
 * the scroll to the top on its first drawing, moving the page under the reader's finger. Marking
 * the first page as hydrated leaves its scroll to the browser; later navigations restore and
 * reset the scroll as usual (the routes have no loaders, so there is no data to hand over).
 */
export function createAppRouter(renderedOnServer = false) {
  return createBrowserRouter(routes, renderedOnServer ? { hydrationData: {} } : undefined);
}

/**
 * Loads the code of the routes `location` matches and puts it into the route objects, so a page
 * the server rendered is hydrated at once instead of showing the loading fallback first
 * (docs/decisions/0048-server-rendered-public-pages.md).
 */
export async function resolveLazyRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
