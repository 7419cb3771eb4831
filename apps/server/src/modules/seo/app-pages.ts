import { PAGE_ENTRIES, pagePathsWhere, type RecordKind } from '@portal/shared/pages';

/**
 * The page addresses of the web app, as the server must know them to answer crawlers: which
 * paths are pages at all (anything else is a 404), which are public and indexable, which show one
 * published record by `?id=` (a 404 when it is missing or not public), and which are personal,
 * operator or task pages that crawlers are kept out of (docs/product/crawling.md). All of them
 * are read from the page table the web app's routes are made from (`@portal/shared/pages`).
 */

export type { RecordKind };

/** Public pages without an id: listed in the sitemap, open to crawlers. */
export const PUBLIC_PAGES: readonly string[] = pagePathsWhere((page) => page.kind === 'public');

/** Public pages that show one record, given by `?id=`. */
export const RECORD_PAGES: Readonly<Record<string, RecordKind>> = Object.fromEntries(
  PAGE_ENTRIES.flatMap((page) =>
    page.kind === 'record' ? [[page.path, page.record] as const] : [],
  ),
);

/**
 * Pages that are real but not for search engines: the personal centre, signing in, tasks that
 * need an account (ordering, publishing, checking a listing code, chat) and the error pages.
 * Robots are told to stay out of them.
 */
export const PRIVATE_PAGES: readonly string[] = pagePathsWhere((page) => page.kind === 'private');

/** The operator console: `/admin` and every page under it. */
export const ADMIN_PREFIX = '/admin';

/** The operator console's pages. */
export const ADMIN_PAGES: readonly string[] = pagePathsWhere((page) => page.kind === 'operator');

const PAGE_PATHS: readonly string[] = PAGE_ENTRIES.map((page) => page.path);

/** Page paths by their lower-case spelling: the web app's router ignores case. */
const PAGE_BY_LOWER_CASE: ReadonlyMap<string, string> = new Map(
  PAGE_PATHS.map((page) => [page.toLowerCase(), page]),
);

/**
 * The page path `pathname` (no query) opens, spelled as the page table spells it, or undefined
 * when it is no page. Like the web app's router, it ignores case and one trailing slash.
 */
export function appPageOf(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PAGE_BY_LOWER_CASE.get(trimmed.toLowerCase());
}
