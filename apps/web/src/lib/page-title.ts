import {
  fixedPageTitleOf,
  isRecordPagePath,
  pageTitleOf,
} from '@portal/shared/constants/page-titles';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/*
 * Document titles on client-side navigation (docs/product/page-meta.md), the same form the server
 * writes into the page shell: 「<name>-<section>-<city><site>」. The public layout publishes the
 * site's name once the settings arrive; until then nothing is set and the server's title stays.
 */

let siteName = '';
const listeners = new Set<(name: string) => void>();

/** Publishes the site's name with its city (the layout, from the site settings). */
export function publishSiteName(name: string): void {
  if (name === siteName) return;
  siteName = name;
  if (!name) return;
  for (const listener of listeners) listener(name);
}

/**
 * Calls `listener` with the site's name now, if it is known, and each time a new one is
 * published; returns the unsubscribe. The name only goes into `document.title`, so it is handed
 * to effects instead of being state: publishing it right after a server-rendered page is taken
 * over must not draw the page again, which would throw away the server's HTML of every section
 * whose code is still loading (docs/decisions/0070-nothing-redraws-a-page-while-it-is-taken-over.md).
 */
export function watchSiteName(listener: (name: string) => void): () => void {
  listeners.add(listener);
  if (siteName) listener(siteName);
  return () => listeners.delete(listener);
}

/**
 * The layout's part: on every navigation to a page that shows no single record,
 * 「<page>-<site>」 (the home and personal pages: the site's name alone). Record pages are left to
 * their own component ({@link usePageTitle}), so the layout never overwrites their titles.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (isRecordPagePath(pathname)) return undefined;
    const parts = [fixedPageTitleOf(pathname)];
    return watchSiteName((name) => {
      document.title = pageTitleOf(parts, name);
    });
  }, [pathname]);
}

/**
 * A record page's title from its parts, e.g. ['海湾一号', '新房'] →
 * 「海湾一号-新房-秦皇岛市房地产交易服务平台」. `parts` is null while the record loads.
 */
export function usePageTitle(parts: ReadonlyArray<string | undefined> | null): void {
  const key = parts ? JSON.stringify(parts) : null;
  useEffect(() => {
    if (key === null) return undefined;
    const titleParts = JSON.parse(key) as string[];
    return watchSiteName((name) => {
      document.title = pageTitleOf(titleParts, name);
    });
  }, [key]);
}
