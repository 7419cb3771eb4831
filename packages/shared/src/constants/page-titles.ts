/**
 * Page titles, shared by the server (which writes them into the page shell for crawlers and share
 * cards) and the web app (which sets them on client-side navigation), so both read the same:
 * 「楼盘名-新房-秦皇岛市房地产交易服务平台」 (docs/product/page-meta.md).
 */

/** The name of a fixed public page, as its title begins. The home page has none. */
export const FIXED_PAGE_TITLES: Readonly<Record<string, string>> = {
  '/newHouse': '新房',
  '/secondhandhouse': '二手房',
  '/informationAndPolicyPage': '政策资讯',
  '/dataanalysis': '数据分析',
  '/map': '地图找房',
  '/tool': '购房计算器',
  '/buildingmaterials': '家装建材',
  '/licensedemand': '预售许可查询',
  '/fundsupervision': '监管账户开户查询',
  '/yszjpage': '预售资金监管进帐查询',
  '/spfqypage': '商品房签约查询',
  '/feedbackpage': '互动交流',
  '/about': '关于我们',
  '/agreement': '用户协议',
  '/privacy': '个人信息保护政策',
  '/compare': '对比',
  '/community': '小区',
};

/** The section a record page belongs to: 「名称-<section>-站点名」. */
export const RECORD_SECTION_TITLES = {
  project: '新房',
  sale: '二手房',
  rent: '租房',
  article: '政策资讯',
  community: '小区',
} as const;

/** The part of a project page after the project's name, before 新房 (the home page has none). */
export const PROJECT_SUBPAGE_TITLES: Readonly<Record<string, string>> = {
  '/houseHome': '',
  '/houseDetails': '楼盘详情',
  '/houses': '楼盘表',
  '/houseType': '户型',
  '/houseTypeDetails': '户型详情',
  '/housePhoto': '楼盘相册',
  '/houseDynamic': '楼盘动态',
};

/** Pages that show one record: their own component sets the title once the record is loaded. */
export const RECORD_PAGE_PATHS: readonly string[] = [
  ...Object.keys(PROJECT_SUBPAGE_TITLES),
  '/detailscs',
  '/detailscz',
  '/informationAndPolicyDetails',
];

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
