import { PAGE_IDS, type PageId, PAGES } from '@portal/shared/pages';
import { type QueryParams, withQuery } from './query';

/**
 * Every page route of the site (docs/product/site-shell.md, docs/architecture.md), as the page
 * table (`@portal/shared/pages`) spells it, with an href builder. Pages and links use these
 * entries instead of raw strings.
 */
export { type QueryParams, type QueryValue, withQuery } from './query';

interface RouteEntry<Q extends QueryParams | void> {
  path: string;
  getHref: Q extends QueryParams ? (query: Q) => string : () => string;
}

type ById = { id: string | number };
/** Listing type of a second-hand house: 1 sale (出售), 2 rent (出租) (docs/product/site-shell.md). */
export type ListingType = 1 | 2;

/** Pages by id, each with the query its links carry (only pages of the page table). */
type OfPages<T extends { [K in keyof T]: K extends PageId ? QueryParams : never }> = T;

/** The query of each page whose links carry one; every other page's links have none. */
type PageQueries = OfPages<{
  login: { redirect?: string };
  agreement: { code?: string };
  newHouse: { keyword?: string };
  secondhandhouse: { keyword?: string };
  houseHome: ById;
  houseDetails: ById;
  houses: ById;
  houseType: ById;
  houseTypeDetails: ById & { houseTypeId?: string | number };
  housePhoto: ById;
  houseDynamic: ById;
  orderConfirmation: ById & { roomId?: string | number; houseName?: string };
  detailscs: ById;
  detailscz: ById;
  community: ById;
  verify: { code?: string };
  addhouse: { type?: ListingType };
  informationAndPolicyPage: { type?: string };
  informationAndPolicyDetails: ById;
  lottery: { id?: string | number };
  lotteryVerify: { id?: string | number };
  compare: { type?: 'project' | 'listing'; ids?: string };
  myOrderDetails: ById;
  unsubscribe: { t: string };
  feedbackDetails: ById;
  adminNewsEdit: { id?: string | number };
  adminProjectEdit: ById;
  adminOrders: {
    keyword?: string;
    payStatus?: number;
    refundStatus?: number;
    createdFrom?: string;
    createdTo?: string;
  };
  adminUsers: { createdFrom?: string; createdTo?: string };
  adminLotteryBatch: ById;
}>;

type Paths = {
  readonly [K in PageId]: RouteEntry<K extends keyof PageQueries ? PageQueries[K] : void>;
};

/** Every page of the page table: its path, and its links' href with their query. */
export const paths = Object.fromEntries<unknown>(
  PAGE_IDS.map((id) => {
    const { path } = PAGES[id];
    return [id, { path, getHref: (query?: QueryParams) => withQuery(path, query) }] as const;
  }),
) as Paths;

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
