/**
 * The page addresses of the web app, as the server must know them to answer crawlers: which
 * paths are pages at all (anything else is a 404), which are public and indexable, which show one
 * published record by `?id=` (a 404 when it is missing or not public), and which are personal,
 * operator or task pages that crawlers are kept out of. The web app's own route table is the
 * source; `app-pages.test.ts` fails when the two drift apart (docs/product/crawling.md).
 */

/** Public pages without an id: listed in the sitemap, open to crawlers. */
export const PUBLIC_PAGES = [
  '/',
  '/home',
  '/newHouse',
  '/secondhandhouse',
  '/informationAndPolicyPage',
  '/dataanalysis',
  '/map',
  '/tool',
  '/buildingmaterials',
  '/licensedemand',
  '/fundsupervision',
  '/yszjpage',
  '/spfqypage',
  '/feedbackpage',
  '/lottery',
  '/lotteryVerify',
  '/about',
  '/agreement',
  '/privacy',
  '/compare',
] as const;

/**
 * What a record page shows: a new-build project, a sale or rental listing, a news article, a
 * 小区 (community).
 */
export type RecordKind = 'project' | 'sale' | 'rent' | 'article' | 'community';

/** Public pages that show one record, given by `?id=`. */
export const RECORD_PAGES: Readonly<Record<string, RecordKind>> = {
  '/houseHome': 'project',
  '/houseDetails': 'project',
  '/houses': 'project',
  '/houseType': 'project',
  '/houseTypeDetails': 'project',
  '/housePhoto': 'project',
  '/houseDynamic': 'project',
  '/detailscs': 'sale',
  '/detailscz': 'rent',
  '/informationAndPolicyDetails': 'article',
  '/community': 'community',
};

/**
 * Pages that are real but not for search engines: the personal centre, signing in, tasks that
 * need an account (ordering, publishing, checking a listing code, chat), the error pages and the
 * operator console. Robots are told to stay out of them.
 */
export const PRIVATE_PAGES = [
  '/myFavHouse',
  '/myFavNews',
  '/myOrder',
  '/myOrderDetails',
  '/myNotice',
  '/myLottery',
  '/mySubscriptions',
  '/unsubscribe',
  '/myHistory',
  '/mySecondHandHouse',
  '/myInfomation',
  '/myData',
  '/securitySetting',
  '/modifyPassword',
  '/modifyPhone',
  '/recommend',
  '/feedback',
  '/feedbackDetails',
  '/login',
  '/register',
  '/forgetPassword',
  '/bindingPhone',
  '/orderConfirmation',
  '/addhouse',
  '/verify',
  '/chat',
  '/404',
  '/500',
] as const;

/** The operator console: `/admin` and every page under it. */
export const ADMIN_PREFIX = '/admin';

/** The operator console's pages. */
export const ADMIN_PAGES = [
  '/admin',
  '/admin/listings',
  '/admin/listing-reports',
  '/admin/chat',
  '/admin/feedback',
  '/admin/news',
  '/admin/news/edit',
  '/admin/projects',
  '/admin/projects/edit',
  '/admin/orders',
  '/admin/users',
  '/admin/site',
  '/admin/legal',
  '/admin/audit',
  '/admin/room-facts',
  '/admin/pois',
  '/admin/questions',
  '/admin/lottery',
  '/admin/lottery/batch',
] as const;

/** Prefixes that are never pages of the web app (the API, simulators, files, build assets). */
export const NON_PAGE_PREFIXES = ['/api', '/dev', '/oss', '/assets'] as const;

const PAGE_PATHS: readonly string[] = [
  ...PUBLIC_PAGES,
  ...Object.keys(RECORD_PAGES),
  ...PRIVATE_PAGES,
  ...ADMIN_PAGES,
];

/** Page paths by their lower-case spelling: the web app's router ignores case. */
const PAGE_BY_LOWER_CASE: ReadonlyMap<string, string> = new Map(
  PAGE_PATHS.map((page) => [page.toLowerCase(), page]),
);

/**
 * The page path `pathname` (no query) opens, spelled as the route table spells it, or undefined
 * when it is no page. Like the web app's router, it ignores case and one trailing slash.
 */
export function appPageOf(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PAGE_BY_LOWER_CASE.get(trimmed.toLowerCase());
}

/** Every page path the server knows, for the drift test. */
export function appPagePaths(): string[] {
  return [...PAGE_PATHS];
}
