import type { ServerRenderedPath } from '@portal/shared/pages';
import { appPageOf } from './app-pages';

/*
 * The address a server-rendered page is drawn and kept under (docs/operations.md, "Server
 * rendering under load"): the page as the page table spells it, with only the query parameters
 * the page itself reads, in a fixed order. Any other parameter (a tracking tag, a random string)
 * is ignored: it neither changes the drawing nor makes a new entry of the render cache, so unique
 * query strings cannot force a fresh render each. The browser still sees its full address; the
 * web app ignores parameters it does not read, so the drawing hydrates as it is.
 */

/** The filters of the /newHouse search kept in its address (web `project-urls.ts`). */
const PROJECT_SEARCH = [
  'pageNum',
  'areaCode',
  'priceScope',
  'totalScope',
  'bedroom',
  'orientation',
  'buildAreaScope',
  'properties',
  'houseType',
  'sortType',
  'keyword',
];

/** The type tab, filters and page of the /secondhandhouse search (web `listing-filters.ts`). */
const LISTING_SEARCH = [
  'type',
  'pageNum',
  'areaCode',
  'priceScope',
  'areaScope',
  'bedroom',
  'ageScope',
  'rentType',
  'rentPay',
  'decorates',
  'sortType',
  'keyword',
  'community',
];

export interface RenderedPageParams {
  /** The query parameters the page reads; every other one is ignored. */
  reads: readonly string[];
  /**
   * `browser`: an address with any other parameter is drawn in the browser only (the shell is
   * served). For pages whose other parameters are form values read straight from the address
   * (the calculators of /tool): a drawing without them would not match the browser's.
   */
  others?: 'ignore' | 'browser';
}

/**
 * The query parameters each server-rendered page reads (the web app's pages): one entry for every
 * page of the page table's `SERVER_RENDERED_PAGE_IDS`, no more and no fewer (checked by the type).
 */
export const RENDERED_PAGE_PARAMS: Readonly<Record<string, RenderedPageParams>> = {
  '/': { reads: [] },
  '/home': { reads: [] },
  '/newHouse': { reads: PROJECT_SEARCH },
  '/houseHome': { reads: ['id'] },
  '/houseDetails': { reads: ['id'] },
  '/houses': { reads: ['id', 'building', 'unit', 'area', 'orientation', 'bedroom'] },
  '/houseType': { reads: ['id'] },
  '/houseTypeDetails': { reads: ['id', 'houseTypeId'] },
  '/housePhoto': { reads: ['id'] },
  '/houseDynamic': { reads: ['id'] },
  '/secondhandhouse': { reads: LISTING_SEARCH },
  '/detailscs': { reads: ['id'] },
  '/detailscz': { reads: ['id'] },
  '/informationAndPolicyPage': { reads: ['type', 'page'] },
  '/informationAndPolicyDetails': { reads: ['id'] },
  '/licensedemand': { reads: [] },
  '/fundsupervision': { reads: [] },
  '/yszjpage': { reads: [] },
  '/spfqypage': { reads: [] },
  '/dataanalysis': { reads: [] },
  '/tool': { reads: ['tab'], others: 'browser' },
  '/about': { reads: [] },
  '/agreement': { reads: ['code'] },
} satisfies Record<ServerRenderedPath, RenderedPageParams>;

/**
 * The address `url` (path and query) is drawn and kept under: the page as the page table spells
 * it, with the parameters it reads (the first value of each, sorted by name), or undefined when
 * the address is to be drawn in the browser only (no server-rendered page, or a parameter its
 * page wants drawn there).
 */
export function renderAddressOf(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const page = appPageOf(pathname);
  const params = page === undefined ? undefined : RENDERED_PAGE_PARAMS[page];
  if (page === undefined || params === undefined) return undefined;
  const given = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const name of [...params.reads].sort()) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  if (params.others === 'browser' && [...given.keys()].some((name) => !params.reads.includes(name)))
    return undefined;
  const query = kept.toString();
  return query ? `${page}?${query}` : page;
}

/**
 * The address whose head (status, title, share tags) `url` shows: the page with the parameters
 * the head depends on (`id`, `houseTypeId`), so that unknown parameters do not make new entries
 * of the head cache either. An address that is no page keeps its path (its head is the 404 one).
 */
export function headAddressOf(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const page = appPageOf(pathname);
  if (page === undefined) return '/404';
  const given = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const name of ['id', 'houseTypeId']) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${page}?${query}` : page;
}
