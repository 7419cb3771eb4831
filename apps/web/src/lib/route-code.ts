import { isRouteCode, type RouteCode } from '@portal/shared/page-code';

/*
 * The chunks of each page beyond those the app's start loads
 * (docs/decisions/0081-page-code-lists-out-of-the-first-load.md). The route table names only a
 * page's route chunk and style sheets: its other chunks would be found level by level as each
 * arrives. The build writes them into one JSON file, which the boot script names and the app
 * fetches once, as it starts; opening a page then preloads them all at once.
 */

/** The `<html>` data attribute (camel-cased) holding the list's address, set by the boot script. */
export const ROUTE_CODE_KEY = 'routeCode';

const NONE: RouteCode = { files: [], pages: {} };

let list: Promise<RouteCode> | undefined;

/**
 * The list, fetched once, at low priority: the first page's route asks for it too, while that
 * page's own code, which the boot script or the server named, is still downloading. Without it
 * (the server's renderer, the dev server, a failed fetch) a page still loads, its chunks level
 * by level; a failed fetch is tried again at the next page.
 */
function routeCode(): Promise<RouteCode> {
  // The server's renderer opens pages through the same routes: there is nothing to preload.
  if (typeof document === 'undefined') return Promise.resolve(NONE);
  const address = document.documentElement.dataset[ROUTE_CODE_KEY];
  if (!address) return Promise.resolve(NONE);
  list ??= fetch(address, { priority: 'low' })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((value: unknown) => {
      if (isRouteCode(value)) return value;
      throw new Error('not a route code list');
    })
    .catch(() => {
      list = undefined;
      return NONE;
    });
  return list;
}

/** Links a chunk for the browser to fetch and compile, once (as Vite's own loader does). */
function preloadChunk(file: string): void {
  const href = `/${file}`;
  if (document.head.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** Starts fetching the chunks of the page at `address`; the page's import does not wait for it. */
export async function preloadPageCode(address: string): Promise<void> {
  const { files, pages } = await routeCode();
  for (const number of pages[address] ?? []) {
    const file = files[number];
    if (file) preloadChunk(file);
  }
}

/** Asks for the list again when the browser is idle after the first page, if it is not there yet. */
export function fetchRouteCodeWhenIdle(): void {
  const fetchList = () => void routeCode();
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(fetchList, { timeout: 5_000 });
  } else {
    window.setTimeout(fetchList, 2_000);
  }
}
