/**
 * Page titles, shared by the server (which writes them into the page shell for crawlers and share
 * cards) and the web app (which sets them on client-side navigation), so both read the same:
 * 「楼盘名-新房-秦皇岛市房地产交易服务平台」 (docs/product/page-meta.md). The pages' own names are in
 * the page table (`pages.ts`).
 */
import { isOpenPage, PAGE_ENTRIES, pagePathsWhere, PROJECT_PAGE_SUBTITLES } from '../pages';

/** The name of a page the layout titles, as its title begins (the page table's `title`). */
export const FIXED_PAGE_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  PAGE_ENTRIES.flatMap((page) =>
    isOpenPage(page) && page.title !== undefined ? [[page.path, page.title] as const] : [],
  ),
);

/** The section a record page belongs to: 「名称-<section>-站点名」. */
export const RECORD_SECTION_TITLES = {
  project: '新房',
  sale: '二手房',
  rent: '租房',
  article: '政策资讯',
  community: '小区',
} as const;

/** The part of a project page after the project's name, before 新房 (the home page has none). */
export const PROJECT_SUBPAGE_TITLES: Readonly<Record<string, string>> = PROJECT_PAGE_SUBTITLES;

/** Pages that show one record: their own component sets the title once the record is loaded. */
export const RECORD_PAGE_PATHS: readonly string[] = pagePathsWhere(
  (page) => page.kind === 'record' && page.title === undefined,
);

const FIXED_BY_LOWER_CASE = new Map(
  Object.entries(FIXED_PAGE_TITLES).map(([path, title]) => [path.toLowerCase(), title]),
);
const RECORD_BY_LOWER_CASE = new Set(RECORD_PAGE_PATHS.map((path) => path.toLowerCase()));

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return trimmed.toLowerCase();
}

/** Whether `pathname` is a record page (letter case and one trailing slash ignored). */
export function isRecordPagePath(pathname: string): boolean {
  return RECORD_BY_LOWER_CASE.has(normalise(pathname));
}

/** The fixed page name of `pathname` (letter case and one trailing slash ignored), if any. */
export function fixedPageTitleOf(pathname: string): string | undefined {
  return FIXED_BY_LOWER_CASE.get(normalise(pathname));
}

/** The site's name with its city: 「秦皇岛市房地产交易服务平台」 (no doubled city). */
export function siteNameOf(settings: { cityName: string; title: string }): string {
  const city = settings.cityName.trim();
  const title = settings.title.trim();
  if (!city || title.startsWith(city)) return title;
  return city + title;
}

/** A page title: the non-empty parts, then the site name, joined by 「-」. */
export function pageTitleOf(
  parts: ReadonlyArray<string | undefined | null>,
  siteName: string,
): string {
  return [...parts.map((part) => part?.trim()).filter(Boolean), siteName].join('-');
}
