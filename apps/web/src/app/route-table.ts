import type { ComponentType } from 'react';
import type { PathKey } from '../config/paths';

/** A route module default-exports its page component. */
export interface RouteModule {
  default: ComponentType;
}

export type LayoutKey = 'public';

export interface PageRoute {
  key: PathKey;
  layout: LayoutKey;
  load: () => Promise<RouteModule>;
}

const loadHome = () => import('./routes/home/home');

/**
 * The pages that exist. Registering a page here is what makes its route reachable and makes the
 * navigation, footer and site-map links to it appear; every other route of `config/paths.ts`
 * shows the 404 page until its page is added.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { key: 'root', layout: 'public', load: loadHome },
  { key: 'home', layout: 'public', load: loadHome },
  { key: 'notFound', layout: 'public', load: () => import('./routes/errors/not-found') },
  { key: 'serverError', layout: 'public', load: () => import('./routes/errors/server-error') },
];

/** Catch-all page for unknown paths (the URL is kept). */
export const loadNotFound = () => import('./routes/errors/not-found');

export const REGISTERED_ROUTE_KEYS: ReadonlySet<PathKey> = new Set(PAGE_ROUTES.map((r) => r.key));
