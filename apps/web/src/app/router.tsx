import { createBrowserRouter, type RouteObject } from 'react-router';
import { TopLoadingBar } from '../components/top-loading-bar';
import { paths } from '../config/paths';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { PersonalLayout } from './layouts/personal-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { type LayoutKey, loadNotFound, PAGE_ROUTES, type RouteModule } from './route-table';

function lazyPage(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  const loadWithReload = lazyWithReload(load);
  return async () => ({ Component: (await loadWithReload()).default });
}

function pagesOf(layout: LayoutKey): RouteObject[] {
  return PAGE_ROUTES.filter((route) => route.layout === layout).map((route) => ({
    path: paths[route.key].path,
    lazy: lazyPage(route.load),
  }));
}

/** While the first page's code loads: a loading bar if it takes longer than 200 ms. */
function FirstLoad() {
  return <TopLoadingBar isLoading />;
}

/** The one route map of the site: layouts, their lazily loaded pages and the 404 catch-all. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...pagesOf('public'),
          { element: <PersonalLayout />, children: pagesOf('personal') },
          { path: '*', lazy: lazyPage(loadNotFound) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
