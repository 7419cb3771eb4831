import type { PageId } from '@portal/shared/pages';
import type { ComponentType } from 'react';

/** A route module default-exports its page component. */
export interface RouteModule {
  default: ComponentType;
}

/**
 * `public`: the site shell; `personal`: the shell plus the personal-centre header and menu,
 * signed-in only; `bare`: no shell at all (pages embedded in a frame, such as /chat);
 * `admin`: the operator console shell (its own lazy chunk), operators only.
 */
export type LayoutKey = 'public' | 'personal' | 'bare' | 'admin';

export interface PageRoute {
  layout: LayoutKey;
  load: () => Promise<RouteModule>;
  /**
   * `false`: the page shows no date picker, so its code loads without the dayjs Chinese locale
   * (kept for the lightest first loads); every other page loads the locale with its code.
   */
  dates?: false;
}

const loadHome = () => import('./routes/home/home');

/**
 * The dayjs Chinese locale every page not marked `dates: false` loads with its code. The router
 * loads it from here and the initial-JS check (`scripts/initial-js.mjs`) reads its module from
 * this line as text: it keeps the form `() => import('…')`.
 */
export const loadDateLocale = () => import('../lib/dayjs-locale');

/**
 * The shell a layout loads before its pages show: the personal centre's (header, avatar, menu)
 * with the first personal page, the operator console's, as its own chunk, only when an /admin
 * page opens. The router loads them from here, and the initial-JS check
 * (`scripts/initial-js.mjs`) reads their modules from this file as text: each entry keeps the
 * form `layout: () => import('./…')`.
 */
export const LAYOUT_SHELLS = {
  personal: () => import('./layouts/personal-layout'),
  admin: () => import('./routes/admin/admin-layout'),
} satisfies Partial<Record<LayoutKey, () => Promise<unknown>>>;

/**
 * Each page's layout and code, by its id in the page table (`@portal/shared/pages`, where its
 * address and the rest are): a page of the table without its entry here, or an entry for no page,
 * fails the typecheck. The build reads the modules from this file (`build/page-modules.ts`,
 * `scripts/initial-js.mjs`): each entry keeps the form `id: { layout: '…', load: …[, dates: false] }`.
 */
export const PAGE_ROUTES: Readonly<Record<PageId, PageRoute>> = {
  root: { layout: 'public', load: loadHome, dates: false },
  home: { layout: 'public', load: loadHome, dates: false },
  newHouse: { layout: 'public', load: () => import('./routes/projects/new-house') },
  houseHome: { layout: 'public', load: () => import('./routes/projects/house-home') },
  houseDetails: { layout: 'public', load: () => import('./routes/projects/house-details') },
  houseType: { layout: 'public', load: () => import('./routes/projects/house-type') },
  houseTypeDetails: {
    layout: 'public',
    load: () => import('./routes/projects/house-type-details'),
  },
  housePhoto: { layout: 'public', load: () => import('./routes/projects/house-photo') },
  houseDynamic: { layout: 'public', load: () => import('./routes/projects/house-dynamic') },
  houses: { layout: 'public', load: () => import('./routes/projects/houses') },
  orderConfirmation: { layout: 'public', load: () => import('./routes/orders/order-confirmation') },
  myFavHouse: { layout: 'personal', load: () => import('./routes/projects/my-fav-house') },
  myOrder: { layout: 'personal', load: () => import('./routes/orders/my-order') },
  myOrderDetails: { layout: 'personal', load: () => import('./routes/orders/my-order-details') },
  myNotice: { layout: 'personal', load: () => import('./routes/orders/my-notice') },
  myLottery: { layout: 'personal', load: () => import('./routes/lottery/my-lottery') },
  mySubscriptions: {
    layout: 'personal',
    load: () => import('./routes/subscriptions/my-subscriptions'),
  },
  unsubscribe: { layout: 'public', load: () => import('./routes/subscriptions/unsubscribe') },
  myHistory: { layout: 'personal', load: () => import('./routes/history/my-history') },
  compare: { layout: 'public', load: () => import('./routes/compare/compare') },
  informationAndPolicyPage: {
    layout: 'public',
    load: () => import('./routes/news/information-and-policy-page'),
  },
  informationAndPolicyDetails: {
    layout: 'public',
    load: () => import('./routes/news/information-and-policy-details'),
  },
  myFavNews: { layout: 'personal', load: () => import('./routes/news/my-fav-news') },
  recommend: { layout: 'personal', load: () => import('./routes/home/recommend') },
  about: { layout: 'public', load: () => import('./routes/content/about') },
  agreement: { layout: 'public', load: () => import('./routes/content/agreement') },
  privacy: { layout: 'public', load: () => import('./routes/content/privacy') },
  buildingmaterials: { layout: 'public', load: () => import('./routes/content/buildingmaterials') },
  tool: { layout: 'public', load: () => import('./routes/tool/tool') },
  login: { layout: 'public', load: () => import('./routes/auth/login') },
  register: { layout: 'public', load: () => import('./routes/auth/register') },
  forgetPassword: { layout: 'public', load: () => import('./routes/auth/forget-password') },
  bindingPhone: { layout: 'public', load: () => import('./routes/auth/binding-phone') },
  myInfomation: { layout: 'personal', load: () => import('./routes/account/my-infomation') },
  myData: { layout: 'personal', load: () => import('./routes/account/my-data') },
  securitySetting: { layout: 'personal', load: () => import('./routes/account/security-setting') },
  modifyPassword: { layout: 'personal', load: () => import('./routes/account/modify-password') },
  modifyPhone: { layout: 'personal', load: () => import('./routes/account/modify-phone') },
  licensedemand: { layout: 'public', load: () => import('./routes/registry/licensedemand') },
  fundsupervision: { layout: 'public', load: () => import('./routes/registry/fundsupervision') },
  yszjpage: { layout: 'public', load: () => import('./routes/registry/yszjpage') },
  spfqypage: { layout: 'public', load: () => import('./routes/registry/spfqypage') },
  map: { layout: 'public', load: () => import('./routes/map/map') },
  dataanalysis: { layout: 'public', load: () => import('./routes/analytics/dataanalysis') },
  chat: { layout: 'bare', load: () => import('./routes/chat/chat') },
  feedbackpage: { layout: 'public', load: () => import('./routes/feedback/feedbackpage') },
  lottery: { layout: 'public', load: () => import('./routes/lottery/lottery') },
  lotteryVerify: { layout: 'public', load: () => import('./routes/lottery/lottery-verify') },
  feedback: { layout: 'personal', load: () => import('./routes/feedback/feedback') },
  feedbackDetails: { layout: 'personal', load: () => import('./routes/feedback/feedback-details') },
  admin: { layout: 'admin', load: () => import('./routes/admin/dashboard') },
  adminListings: { layout: 'admin', load: () => import('./routes/admin/listings') },
  adminListingReports: { layout: 'admin', load: () => import('./routes/admin/listing-reports') },
  adminChat: { layout: 'admin', load: () => import('./routes/admin/chat') },
  adminFeedback: { layout: 'admin', load: () => import('./routes/admin/feedback') },
  adminNews: { layout: 'admin', load: () => import('./routes/admin/news') },
  adminNewsEdit: { layout: 'admin', load: () => import('./routes/admin/news-edit') },
  adminProjects: { layout: 'admin', load: () => import('./routes/admin/projects') },
  adminProjectEdit: { layout: 'admin', load: () => import('./routes/admin/project-edit') },
  adminOrders: { layout: 'admin', load: () => import('./routes/admin/orders') },
  adminUsers: { layout: 'admin', load: () => import('./routes/admin/users') },
  adminSite: { layout: 'admin', load: () => import('./routes/admin/site') },
  adminLegal: { layout: 'admin', load: () => import('./routes/admin/legal') },
  adminAudit: { layout: 'admin', load: () => import('./routes/admin/audit') },
  adminRoomFacts: { layout: 'admin', load: () => import('./routes/admin/room-facts') },
  adminPois: { layout: 'admin', load: () => import('./routes/admin/pois') },
  adminQuestions: { layout: 'admin', load: () => import('./routes/admin/questions') },
  adminLottery: { layout: 'admin', load: () => import('./routes/admin/lottery') },
  adminLotteryBatch: { layout: 'admin', load: () => import('./routes/admin/lottery-batch') },
  secondhandhouse: { layout: 'public', load: () => import('./routes/listings/secondhandhouse') },
  detailscs: { layout: 'public', load: () => import('./routes/listings/detailscs') },
  community: { layout: 'public', load: () => import('./routes/places/community') },
  detailscz: { layout: 'public', load: () => import('./routes/listings/detailscz') },
  verify: { layout: 'public', load: () => import('./routes/listings/verify') },
  addhouse: { layout: 'public', load: () => import('./routes/listings/addhouse') },
  mySecondHandHouse: {
    layout: 'personal',
    load: () => import('./routes/listings/my-second-hand-house'),
  },
  notFound: { layout: 'public', load: () => import('./routes/errors/not-found') },
  serverError: { layout: 'public', load: () => import('./routes/errors/server-error') },
};

/** Catch-all page for unknown paths (the URL is kept). */
export const loadNotFound = () => import('./routes/errors/not-found');

/** The page ids, in this table's order. */
export const PAGE_KEYS = Object.keys(PAGE_ROUTES) as PageId[];
