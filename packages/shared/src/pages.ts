/**
 * Every page of the site, in one table (docs/decisions/0072-one-page-table.md): its address, who
 * may see it and whether crawlers may, its title; below it, which pages the server draws and
 * which the boot script starts early. The web app's paths and routes, the server's page
 * addresses, robots.txt, the sitemap, the server-rendered pages and the early reads are all
 * derived from it; a page is added here and nowhere else, and the web app's route table
 * (`apps/web/src/app/route-table.ts`) fails to typecheck until the page has its component.
 * Plain data: the server and the web app both import it.
 */

/**
 * What a record page shows: a new-build project, a sale or rental listing, a news article, a
 * 小区 (community).
 */
export type RecordKind = 'project' | 'sale' | 'rent' | 'article' | 'community';

/** What a page crawlers may read says of itself. */
interface OpenPageFacts {
  path: string;
  /**
   * The name its title begins with, 「新房-站点名」 (docs/product/page-meta.md), set by the web
   * app's layout on navigation and written by the server. A page without one is titled with the
   * site's name alone; a record page without one titles itself once its record has loaded.
   */
  title?: string;
}

/** A public page without an id: in the sitemap, open to crawlers. */
interface PublicPage extends OpenPageFacts {
  kind: 'public';
}

/** A public page that shows one record, given by `?id=`: a 404 when it is missing or not public. */
interface RecordPage extends OpenPageFacts {
  kind: 'record';
  record: RecordKind;
}

/**
 * A real page crawlers are kept out of: the personal centre, signing in, tasks that need an
 * account, the error pages (`private`), and the operator console (`operator`).
 */
interface ClosedPage {
  path: string;
  kind: 'private' | 'operator';
}

/** A page crawlers may read. */
export type OpenPage = PublicPage | RecordPage;

export type PageEntry = OpenPage | ClosedPage;

/**
 * The pages, by id (the web app's route keys). Within each kind the order is the order of the
 * sitemap and robots.txt. The web app carries this table in its first-loaded code: facts only
 * the server or the build needs are kept in the lists below it.
 */
export const PAGES = {
  root: { path: '/', kind: 'public' },
  home: { path: '/home', kind: 'public' },
  newHouse: { path: '/newHouse', kind: 'public', title: '新房' },
  secondhandhouse: { path: '/secondhandhouse', kind: 'public', title: '二手房' },
  informationAndPolicyPage: {
    path: '/informationAndPolicyPage',
    kind: 'public',
    title: '政策资讯',
  },
  dataanalysis: { path: '/dataanalysis', kind: 'public', title: '数据分析' },
  map: { path: '/map', kind: 'public', title: '地图找房' },
  tool: { path: '/tool', kind: 'public', title: '购房计算器' },
  buildingmaterials: { path: '/buildingmaterials', kind: 'public', title: '家装建材' },
  licensedemand: { path: '/licensedemand', kind: 'public', title: '预售许可查询' },
  fundsupervision: { path: '/fundsupervision', kind: 'public', title: '监管账户开户查询' },
  yszjpage: { path: '/yszjpage', kind: 'public', title: '预售资金监管进帐查询' },
  spfqypage: { path: '/spfqypage', kind: 'public', title: '商品房签约查询' },
  feedbackpage: { path: '/feedbackpage', kind: 'public', title: '互动交流' },
  lottery: { path: '/lottery', kind: 'public' },
  lotteryVerify: { path: '/lotteryVerify', kind: 'public' },
  about: { path: '/about', kind: 'public', title: '关于我们' },
  agreement: { path: '/agreement', kind: 'public', title: '用户协议' },
  privacy: { path: '/privacy', kind: 'public', title: '个人信息保护政策' },
  compare: { path: '/compare', kind: 'public', title: '对比' },

  houseHome: { path: '/houseHome', kind: 'record', record: 'project' },
  houseDetails: { path: '/houseDetails', kind: 'record', record: 'project' },
  houses: { path: '/houses', kind: 'record', record: 'project' },
  houseType: { path: '/houseType', kind: 'record', record: 'project' },
  houseTypeDetails: { path: '/houseTypeDetails', kind: 'record', record: 'project' },
  housePhoto: { path: '/housePhoto', kind: 'record', record: 'project' },
  houseDynamic: { path: '/houseDynamic', kind: 'record', record: 'project' },
  detailscs: { path: '/detailscs', kind: 'record', record: 'sale' },
  detailscz: { path: '/detailscz', kind: 'record', record: 'rent' },
  informationAndPolicyDetails: {
    path: '/informationAndPolicyDetails',
    kind: 'record',
    record: 'article',
  },
  // Titled 小区 by the layout until its record has loaded.
  community: { path: '/community', kind: 'record', record: 'community', title: '小区' },

  myFavHouse: { path: '/myFavHouse', kind: 'private' },
  myFavNews: { path: '/myFavNews', kind: 'private' },
  myOrder: { path: '/myOrder', kind: 'private' },
  myOrderDetails: { path: '/myOrderDetails', kind: 'private' },
  myNotice: { path: '/myNotice', kind: 'private' },
  myLottery: { path: '/myLottery', kind: 'private' },
  mySubscriptions: { path: '/mySubscriptions', kind: 'private' },
  unsubscribe: { path: '/unsubscribe', kind: 'private' },
  myHistory: { path: '/myHistory', kind: 'private' },
  mySecondHandHouse: { path: '/mySecondHandHouse', kind: 'private' },
  myInfomation: { path: '/myInfomation', kind: 'private' },
  myData: { path: '/myData', kind: 'private' },
  securitySetting: { path: '/securitySetting', kind: 'private' },
  modifyPassword: { path: '/modifyPassword', kind: 'private' },
  modifyPhone: { path: '/modifyPhone', kind: 'private' },
  recommend: { path: '/recommend', kind: 'private' },
  feedback: { path: '/feedback', kind: 'private' },
  feedbackDetails: { path: '/feedbackDetails', kind: 'private' },
  login: { path: '/login', kind: 'private' },
  register: { path: '/register', kind: 'private' },
  forgetPassword: { path: '/forgetPassword', kind: 'private' },
  bindingPhone: { path: '/bindingPhone', kind: 'private' },
  orderConfirmation: { path: '/orderConfirmation', kind: 'private' },
  addhouse: { path: '/addhouse', kind: 'private' },
  verify: { path: '/verify', kind: 'private' },
  chat: { path: '/chat', kind: 'private' },
  notFound: { path: '/404', kind: 'private' },
  serverError: { path: '/500', kind: 'private' },

  admin: { path: '/admin', kind: 'operator' },
  adminListings: { path: '/admin/listings', kind: 'operator' },
  adminListingReports: { path: '/admin/listing-reports', kind: 'operator' },
  adminChat: { path: '/admin/chat', kind: 'operator' },
  adminFeedback: { path: '/admin/feedback', kind: 'operator' },
  adminNews: { path: '/admin/news', kind: 'operator' },
  adminNewsEdit: { path: '/admin/news/edit', kind: 'operator' },
  adminProjects: { path: '/admin/projects', kind: 'operator' },
  adminProjectEdit: { path: '/admin/projects/edit', kind: 'operator' },
  adminOrders: { path: '/admin/orders', kind: 'operator' },
  adminUsers: { path: '/admin/users', kind: 'operator' },
  adminSite: { path: '/admin/site', kind: 'operator' },
  adminLegal: { path: '/admin/legal', kind: 'operator' },
  adminAudit: { path: '/admin/audit', kind: 'operator' },
  adminRoomFacts: { path: '/admin/room-facts', kind: 'operator' },
  adminPois: { path: '/admin/pois', kind: 'operator' },
  adminQuestions: { path: '/admin/questions', kind: 'operator' },
  adminLottery: { path: '/admin/lottery', kind: 'operator' },
  adminLotteryBatch: { path: '/admin/lottery/batch', kind: 'operator' },
} as const satisfies Record<string, PageEntry>;

/** A page's id: the key of its entry. */
export type PageId = keyof typeof PAGES;

/** The id of a page crawlers may read. */
type OpenPageId = { [Id in PageId]: (typeof PAGES)[Id] extends OpenPage ? Id : never }[PageId];

/**
 * The pages the server draws for visitors who are not signed in (docs/decisions/0048): public
 * and record pages only. The server keeps what each reads of its address.
 */
export const SERVER_RENDERED_PAGE_IDS = [
  'root',
  'home',
  'newHouse',
  'secondhandhouse',
  'informationAndPolicyPage',
  'dataanalysis',
  'tool',
  'licensedemand',
  'fundsupervision',
  'yszjpage',
  'spfqypage',
  'about',
  'agreement',
  'houseHome',
  'houseDetails',
  'houses',
  'houseType',
  'houseTypeDetails',
  'housePhoto',
  'houseDynamic',
  'detailscs',
  'detailscz',
  'informationAndPolicyDetails',
] as const satisfies readonly OpenPageId[];

/**
 * The pages whose code and first reads the boot script starts before the app runs
 * (docs/decisions/0018); the reads are the web app's `app/early/page-reads.ts`.
 */
export const EARLY_READ_PAGE_IDS = [
  'root',
  'home',
  'newHouse',
  'houseHome',
  'houses',
] as const satisfies readonly OpenPageId[];

/** The path of a page that shows one project. */
type ProjectPagePath = Extract<(typeof PAGES)[PageId], { record: 'project' }>['path'];

/**
 * Each project page's part of its title between the project's name and 新房, by path: only the
 * server writes these titles (the web app's project pages title themselves).
 */
export const PROJECT_PAGE_SUBTITLES: Readonly<Record<ProjectPagePath, string>> = {
  '/houseHome': '',
  '/houseDetails': '楼盘详情',
  '/houses': '楼盘表',
  '/houseType': '户型',
  '/houseTypeDetails': '户型详情',
  '/housePhoto': '楼盘相册',
  '/houseDynamic': '楼盘动态',
};

/** The path of each page the server draws (the server keeps what each reads of its address). */
export type ServerRenderedPath = (typeof PAGES)[(typeof SERVER_RENDERED_PAGE_IDS)[number]]['path'];

/** The path of each page whose first reads the boot script starts. */
export type EarlyReadPath = (typeof PAGES)[(typeof EARLY_READ_PAGE_IDS)[number]]['path'];

/** Every page id, in the table's order. */
export const PAGE_IDS = Object.keys(PAGES) as PageId[];

/** Every page entry, in the table's order. */
export const PAGE_ENTRIES: readonly PageEntry[] = Object.values(PAGES);

/** Whether crawlers may read `page`: a public or record page. */
export function isOpenPage(page: PageEntry): page is OpenPage {
  return page.kind === 'public' || page.kind === 'record';
}

/** The paths of the pages `test` picks, in the table's order. */
export function pagePathsWhere(test: (page: PageEntry) => boolean): string[] {
  return PAGE_ENTRIES.filter(test).map((page) => page.path);
}

/**
 * The page that shows a record of each kind: the address the sitemap lists for it (a project's
 * other pages are reached from its home page).
 */
export const RECORD_PAGE_IDS = {
  project: 'houseHome',
  sale: 'detailscs',
  rent: 'detailscz',
  article: 'informationAndPolicyDetails',
  community: 'community',
} as const satisfies Readonly<Record<RecordKind, PageId>>;

/** The address of the page that shows record `id` of `kind`, e.g. `/houseHome?id=3`. */
export function recordPath(kind: RecordKind, id: number): string {
  return `${PAGES[RECORD_PAGE_IDS[kind]].path}?id=${id}`;
}
