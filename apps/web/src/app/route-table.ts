import type { ComponentType } from 'react';
import type { PathKey } from '../config/paths';

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
  { key: 'newHouse', layout: 'public', load: () => import('./routes/projects/new-house') },
  { key: 'houseHome', layout: 'public', load: () => import('./routes/projects/house-home') },
  { key: 'houseDetails', layout: 'public', load: () => import('./routes/projects/house-details') },
  { key: 'houseType', layout: 'public', load: () => import('./routes/projects/house-type') },
  {
    key: 'houseTypeDetails',
    layout: 'public',
    load: () => import('./routes/projects/house-type-details'),
  },
  { key: 'housePhoto', layout: 'public', load: () => import('./routes/projects/house-photo') },
  { key: 'houseDynamic', layout: 'public', load: () => import('./routes/projects/house-dynamic') },
  { key: 'houses', layout: 'public', load: () => import('./routes/projects/houses') },
  {
    key: 'orderConfirmation',
    layout: 'public',
    load: () => import('./routes/orders/order-confirmation'),
  },
  { key: 'myFavHouse', layout: 'personal', load: () => import('./routes/projects/my-fav-house') },
  { key: 'myOrder', layout: 'personal', load: () => import('./routes/orders/my-order') },
  {
    key: 'myOrderDetails',
    layout: 'personal',
    load: () => import('./routes/orders/my-order-details'),
  },
  { key: 'myNotice', layout: 'personal', load: () => import('./routes/orders/my-notice') },
  { key: 'myLottery', layout: 'personal', load: () => import('./routes/lottery/my-lottery') },
  {
    key: 'mySubscriptions',
    layout: 'personal',
    load: () => import('./routes/subscriptions/my-subscriptions'),
  },
  {
    key: 'unsubscribe',
    layout: 'public',
    load: () => import('./routes/subscriptions/unsubscribe'),
  },
  { key: 'myHistory', layout: 'personal', load: () => import('./routes/history/my-history') },
  { key: 'compare', layout: 'public', load: () => import('./routes/compare/compare') },
  {
    key: 'informationAndPolicyPage',
    layout: 'public',
    load: () => import('./routes/news/information-and-policy-page'),
  },
  {
    key: 'informationAndPolicyDetails',
    layout: 'public',
    load: () => import('./routes/news/information-and-policy-details'),
  },
  { key: 'myFavNews', layout: 'personal', load: () => import('./routes/news/my-fav-news') },
  { key: 'recommend', layout: 'personal', load: () => import('./routes/home/recommend') },
  { key: 'about', layout: 'public', load: () => import('./routes/content/about') },
  { key: 'agreement', layout: 'public', load: () => import('./routes/content/agreement') },
  { key: 'privacy', layout: 'public', load: () => import('./routes/content/privacy') },
  {
    key: 'buildingmaterials',
    layout: 'public',
    load: () => import('./routes/content/buildingmaterials'),
  },
  { key: 'tool', layout: 'public', load: () => import('./routes/tool/tool') },
  { key: 'login', layout: 'public', load: () => import('./routes/auth/login') },
  { key: 'register', layout: 'public', load: () => import('./routes/auth/register') },
  { key: 'forgetPassword', layout: 'public', load: () => import('./routes/auth/forget-password') },
  { key: 'bindingPhone', layout: 'public', load: () => import('./routes/auth/binding-phone') },
  { key: 'myInfomation', layout: 'personal', load: () => import('./routes/account/my-infomation') },
  { key: 'myData', layout: 'personal', load: () => import('./routes/account/my-data') },
  {
    key: 'securitySetting',
    layout: 'personal',
    load: () => import('./routes/account/security-setting'),
  },
  {
    key: 'modifyPassword',
    layout: 'personal',
    load: () => import('./routes/account/modify-password'),
  },
  { key: 'modifyPhone', layout: 'personal', load: () => import('./routes/account/modify-phone') },
  {
    key: 'licensedemand',
    layout: 'public',
    load: () => import('./routes/registry/licensedemand'),
  },
  {
    key: 'fundsupervision',
    layout: 'public',
    load: () => import('./routes/registry/fundsupervision'),
  },
  { key: 'yszjpage', layout: 'public', load: () => import('./routes/registry/yszjpage') },
  { key: 'spfqypage', layout: 'public', load: () => import('./routes/registry/spfqypage') },
  { key: 'map', layout: 'public', load: () => import('./routes/map/map') },
  {
    key: 'dataanalysis',
    layout: 'public',
    load: () => import('./routes/analytics/dataanalysis'),
  },
  { key: 'chat', layout: 'bare', load: () => import('./routes/chat/chat') },
  { key: 'feedbackpage', layout: 'public', load: () => import('./routes/feedback/feedbackpage') },
  { key: 'lottery', layout: 'public', load: () => import('./routes/lottery/lottery') },
  {
    key: 'lotteryVerify',
    layout: 'public',
    load: () => import('./routes/lottery/lottery-verify'),
  },
  { key: 'feedback', layout: 'personal', load: () => import('./routes/feedback/feedback') },
  {
    key: 'feedbackDetails',
    layout: 'personal',
    load: () => import('./routes/feedback/feedback-details'),
  },
  { key: 'admin', layout: 'admin', load: () => import('./routes/admin/dashboard') },
  { key: 'adminListings', layout: 'admin', load: () => import('./routes/admin/listings') },
  {
    key: 'adminListingReports',
    layout: 'admin',
    load: () => import('./routes/admin/listing-reports'),
  },
  { key: 'adminChat', layout: 'admin', load: () => import('./routes/admin/chat') },
  { key: 'adminFeedback', layout: 'admin', load: () => import('./routes/admin/feedback') },
  { key: 'adminNews', layout: 'admin', load: () => import('./routes/admin/news') },
  { key: 'adminNewsEdit', layout: 'admin', load: () => import('./routes/admin/news-edit') },
  { key: 'adminProjects', layout: 'admin', load: () => import('./routes/admin/projects') },
  { key: 'adminProjectEdit', layout: 'admin', load: () => import('./routes/admin/project-edit') },
  { key: 'adminOrders', layout: 'admin', load: () => import('./routes/admin/orders') },
  { key: 'adminUsers', layout: 'admin', load: () => import('./routes/admin/users') },
  { key: 'adminSite', layout: 'admin', load: () => import('./routes/admin/site') },
  { key: 'adminLegal', layout: 'admin', load: () => import('./routes/admin/legal') },
  { key: 'adminAudit', layout: 'admin', load: () => import('./routes/admin/audit') },
  { key: 'adminRoomFacts', layout: 'admin', load: () => import('./routes/admin/room-facts') },
  { key: 'adminPois', layout: 'admin', load: () => import('./routes/admin/pois') },
  { key: 'adminQuestions', layout: 'admin', load: () => import('./routes/admin/questions') },
  { key: 'adminLottery', layout: 'admin', load: () => import('./routes/admin/lottery') },
  {
    key: 'adminLotteryBatch',
    layout: 'admin',
    load: () => import('./routes/admin/lottery-batch'),
  },
  {
    key: 'secondhandhouse',
    layout: 'public',
    load: () => import('./routes/listings/secondhandhouse'),
  },
  { key: 'detailscs', layout: 'public', load: () => import('./routes/listings/detailscs') },
  { key: 'community', layout: 'public', load: () => import('./routes/places/community') },
  { key: 'detailscz', layout: 'public', load: () => import('./routes/listings/detailscz') },
  { key: 'verify', layout: 'public', load: () => import('./routes/listings/verify') },
  { key: 'addhouse', layout: 'public', load: () => import('./routes/listings/addhouse') },
  {
    key: 'mySecondHandHouse',
    layout: 'personal',
    load: () => import('./routes/listings/my-second-hand-house'),
  },
  { key: 'notFound', layout: 'public', load: () => import('./routes/errors/not-found') },
  { key: 'serverError', layout: 'public', load: () => import('./routes/errors/server-error') },
];

/** Catch-all page for unknown paths (the URL is kept). */
export const loadNotFound = () => import('./routes/errors/not-found');

export const REGISTERED_ROUTE_KEYS: ReadonlySet<PathKey> = new Set(PAGE_ROUTES.map((r) => r.key));
