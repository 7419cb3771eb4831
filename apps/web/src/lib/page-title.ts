import {
  fixedPageTitleOf,
  isRecordPagePath,
  pageTitleOf,
} from '@portal/shared/constants/page-titles';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/*
 * Document titles on client-side navigation (docs/product/page-meta.md), the same form the server
 * writes into the page shell: 「<name>-<section>-<city><site>」. The public layout publishes the
 * site's name once the settings arrive; until then nothing is set and the server's title stays.
 */

let siteName = '';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Publishes the site's name with its city (the layout, from the site settings). */
export function publishSiteName(name: string): void {
  if (name === siteName) return;
  siteName = name;
  for (const listener of listeners) listener();
}

/** The site's name as published, '' before the settings arrive. */
export function useSiteName(): string {
  const read = () => siteName;
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The layout's part: on every navigation to a page that shows no single record,
 * 「<page>-<site>」 (the home and personal pages: the site's name alone). Record pages are left to
 * their own component ({@link usePageTitle}), so the layout never overwrites their titles.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  const name = useSiteName();
  useEffect(() => {
    if (!name || isRecordPagePath(pathname)) return;
    document.title = pageTitleOf([fixedPageTitleOf(pathname)], name);
  }, [pathname, name]);
}

/**
 * A record page's title from its parts, e.g. ['海湾一号', '新房'] →
 * 「海湾一号-新房-秦皇岛市房地产交易服务平台」. `parts` is null while the record loads.
 */
export function usePageTitle(parts: ReadonlyArray<string | undefined> | null): void {
  const name = useSiteName();
  const key = parts ? JSON.stringify(parts) : null;
  useEffect(() => {
    if (!name || key === null) return;
    document.title = pageTitleOf(JSON.parse(key) as string[], name);
  }, [key, name]);
}
