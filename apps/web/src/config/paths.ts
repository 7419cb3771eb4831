/**
 * Every page route of the site (docs/product/site-shell.md, docs/architecture.md), spelled exactly as the
 * spec spells it, with an href builder. Pages and links use these entries instead of raw strings.
 * A route is listed here from the start; it is reachable only once `app/route-table.ts` registers
 * its page.
 */
export type QueryValue = string | number | boolean | undefined | null;
export type QueryParams = Record<string, QueryValue>;

/** Appends the defined, non-empty query values to a path: `withQuery('/a', { id: 3 })` → `/a?id=3`. */
export function withQuery(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

interface RouteEntry<Q extends QueryParams | void> {
  path: string;
  getHref: Q extends QueryParams ? (query: Q) => string : () => string;
}

function route(path: string): RouteEntry<void> {
  return { path, getHref: () => path };
}

function routeWith<Q extends QueryParams>(path: string): RouteEntry<Q> {
  return { path, getHref: ((query: Q) => withQuery(path, query)) as RouteEntry<Q>['getHref'] };
}

type ById = { id: string | number };
/** Listing type of a second-hand house: 1 sale (出售), 2 rent (出租) (docs/product/site-shell.md). */
export type ListingType = 1 | 2;

export const paths = {
  root: route('/'),
  home: route('/home'),
  notFound: route('/404'),
  serverError: route('/500'),
  login: routeWith<{ redirect?: string }>('/login'),
  register: route('/register'),
  forgetPassword: route('/forgetPassword'),
  bindingPhone: route('/bindingPhone'),
  agreement: routeWith<{ code?: string }>('/agreement'),
  privacy: route('/privacy'),
  newHouse: routeWith<{ keyword?: string }>('/newHouse'),
  secondhandhouse: routeWith<{ keyword?: string }>('/secondhandhouse'),
  houseHome: routeWith<ById>('/houseHome'),
  houseDetails: routeWith<ById>('/houseDetails'),
  houses: routeWith<ById>('/houses'),
  houseType: routeWith<ById>('/houseType'),
  houseTypeDetails: routeWith<ById & { houseTypeId?: string | number }>('/houseTypeDetails'),
  housePhoto: routeWith<ById>('/housePhoto'),
  houseDynamic: routeWith<ById>('/houseDynamic'),
  orderConfirmation: routeWith<ById & { roomId?: string | number; houseName?: string }>(
    '/orderConfirmation',
  ),
  detailscs: routeWith<ById>('/detailscs'),
  detailscz: routeWith<ById>('/detailscz'),
  community: routeWith<ById>('/community'),
  verify: routeWith<{ code?: string }>('/verify'),
  addhouse: routeWith<{ type?: ListingType }>('/addhouse'),
  dataanalysis: route('/dataanalysis'),
  map: route('/map'),
  informationAndPolicyPage: routeWith<{ type?: string }>('/informationAndPolicyPage'),
  informationAndPolicyDetails: routeWith<ById>('/informationAndPolicyDetails'),
  feedbackpage: route('/feedbackpage'),
  lottery: routeWith<{ id?: string | number }>('/lottery'),
  lotteryVerify: routeWith<{ id?: string | number }>('/lotteryVerify'),
  licensedemand: route('/licensedemand'),
  fundsupervision: route('/fundsupervision'),
  yszjpage: route('/yszjpage'),
  spfqypage: route('/spfqypage'),
  about: route('/about'),
  tool: route('/tool'),
  buildingmaterials: route('/buildingmaterials'),
  recommend: route('/recommend'),
  compare: routeWith<{ type?: 'project' | 'listing'; ids?: string }>('/compare'),
  myFavHouse: route('/myFavHouse'),
  myFavNews: route('/myFavNews'),
  myOrder: route('/myOrder'),
  myOrderDetails: routeWith<ById>('/myOrderDetails'),
  mySecondHandHouse: route('/mySecondHandHouse'),
  myInfomation: route('/myInfomation'),
  myData: route('/myData'),
  securitySetting: route('/securitySetting'),
  modifyPassword: route('/modifyPassword'),
  modifyPhone: route('/modifyPhone'),
  myNotice: route('/myNotice'),
  myLottery: route('/myLottery'),
  mySubscriptions: route('/mySubscriptions'),
  unsubscribe: routeWith<{ t: string }>('/unsubscribe'),
  myHistory: route('/myHistory'),
  feedback: route('/feedback'),
  feedbackDetails: routeWith<ById>('/feedbackDetails'),
  chat: route('/chat'),
  admin: route('/admin'),
  adminListings: route('/admin/listings'),
  adminListingReports: route('/admin/listing-reports'),
  adminChat: route('/admin/chat'),
  adminFeedback: route('/admin/feedback'),
  adminNews: route('/admin/news'),
  adminNewsEdit: routeWith<{ id?: string | number }>('/admin/news/edit'),
  adminProjects: route('/admin/projects'),
  adminProjectEdit: routeWith<ById>('/admin/projects/edit'),
  adminOrders: routeWith<{
    keyword?: string;
    payStatus?: number;
    refundStatus?: number;
    createdFrom?: string;
    createdTo?: string;
  }>('/admin/orders'),
  adminUsers: routeWith<{ createdFrom?: string; createdTo?: string }>('/admin/users'),
  adminSite: route('/admin/site'),
  adminLegal: route('/admin/legal'),
  adminAudit: route('/admin/audit'),
  adminRoomFacts: route('/admin/room-facts'),
  adminPois: route('/admin/pois'),
  adminQuestions: route('/admin/questions'),
  adminLottery: route('/admin/lottery'),
  adminLotteryBatch: routeWith<ById>('/admin/lottery/batch'),
} as const;

export type PathKey = keyof typeof paths;

/** The zoom at which /map opens on one place: streets and the nearest stops and shops readable. */
const PLACE_ZOOM = 16;

/**
 * /map opened on one place (a 小区 or a listing): the second-hand layer around it, with the
 * 周边配套 layer on and every kind shown. The address format is the one /map keeps for itself
 * (`features/map/map-address.ts`, whose test reads this address back).
 */
export function mapPlaceHref(lng: number, lat: number): string {
  return withQuery(paths.map.path, {
    layer: 'sale',
    c: `${lng.toFixed(5)},${lat.toFixed(5)}`,
    z: PLACE_ZOOM,
    poi: 'all',
  });
}

/** The key of the route whose path is exactly `pathname`, if any. */
export function findPathKey(pathname: string): PathKey | undefined {
  return (Object.keys(paths) as PathKey[]).find((key) => paths[key].path === pathname);
}
