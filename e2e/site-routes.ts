import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { type PathKey, paths, withQuery } from '../apps/web/src/config/paths';

/** How a page is framed: the app's own layout keys (apps/web/src/app/route-table.ts). */
export type LayoutKey = 'public' | 'personal' | 'bare' | 'admin';

export interface SiteRoute {
  key: PathKey;
  layout: LayoutKey;
}

/**
 * Every page of the site with its layout, read from the web app's route table, so a page added
 * to the page table is covered by the whole-site tests without touching them. The route table's
 * entries are `id: { layout: '…', load: … }`, one for each page of `paths`; the test fails if
 * that shape stops matching.
 */
export function registeredRoutes(): SiteRoute[] {
  const source = readFileSync(
    new URL('../apps/web/src/app/route-table.ts', import.meta.url),
    'utf8',
  );
  const routes = [...source.matchAll(/(\w+):\s*\{\s*layout:\s*'(\w+)'/g)].map(
    ([, key, layout]) => ({ key: key as PathKey, layout: layout as LayoutKey }),
  );
  const pages = Object.keys(paths);
  if (routes.length !== pages.length) {
    throw new Error(
      `read ${routes.length} route-table entries for ${pages.length} pages: has its shape changed?`,
    );
  }
  const unknown = routes.filter((route) => !(route.key in paths));
  if (unknown.length > 0)
    throw new Error(`routes missing from paths: ${unknown.map((r) => r.key)}`);
  return routes;
}

/** Real ids of the seeded city for the pages that show one record (`?id=` and friends). */
export interface SeededIds {
  projectId: number;
  houseModelId: number;
  greenRoomId: number;
  saleListingId: number;
  rentListingId: number;
  communityId: number;
  newsId: number;
  orderId: number;
  feedbackId: number;
}

type Envelope<T> = { code: string; data: T };

async function read<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, url).toBe('000000');
  return body.data;
}

type Paged<T> = { list: T[] };
type Rooms = { floors: Array<{ houseList: Array<{ id: number; color: string }> }> };

/** Looks the ids up through the public API and, for the buyer's own records, with `token`. */
export async function findSeededIds(request: APIRequestContext, token: string): Promise<SeededIds> {
  const projects = await read<Paged<{ id: number }>>(request, '/api/projects?pageNum=1');
  const projectId = projects.list[0]!.id;
  const project = await read<{ houseModels: Array<{ id: number }> }>(
    request,
    `/api/projects/${projectId}`,
  );
  const buildings = await read<Array<{ id: number }>>(
    request,
    `/api/building-table/projects/${projectId}/buildings`,
  );
  const rooms = await read<Rooms>(
    request,
    `/api/building-table/buildings/${buildings[0]!.id}/rooms`,
  );
  const green = rooms.floors.flatMap((f) => f.houseList).find((room) => room.color === 'green');
  const first = async (url: string, auth?: string) =>
    (await read<Paged<{ id: number }>>(request, url, auth)).list[0]!.id;
  const saleListingId = await first('/api/listings?type=1&pageNum=1&pageSize=1');
  const place = await read<{ community: { id: number } | null }>(
    request,
    `/api/communities/of-listing/${saleListingId}`,
  );
  return {
    projectId,
    houseModelId: project.houseModels[0]!.id,
    greenRoomId: green!.id,
    saleListingId,
    rentListingId: await first('/api/listings?type=2&pageNum=1&pageSize=1'),
    communityId: place.community?.id ?? 1,
    newsId: await first('/api/news?pageNum=1&pageSize=1'),
    orderId: await first('/api/orders?pageNum=1&pageSize=1', token),
    feedbackId: await first('/api/feedback?pageNum=1&pageSize=1', token),
  };
}

/** The query of the pages that need one to show a record; other pages open at their path. */
const RECORD_QUERIES: Partial<Record<PathKey, (ids: SeededIds) => Record<string, number>>> = {
  houseHome: (ids) => ({ id: ids.projectId }),
  houseDetails: (ids) => ({ id: ids.projectId }),
  houseType: (ids) => ({ id: ids.projectId }),
  houseTypeDetails: (ids) => ({ id: ids.projectId, houseTypeId: ids.houseModelId }),
  housePhoto: (ids) => ({ id: ids.projectId }),
  houseDynamic: (ids) => ({ id: ids.projectId }),
  houses: (ids) => ({ id: ids.projectId }),
  orderConfirmation: (ids) => ({ id: ids.greenRoomId }),
  detailscs: (ids) => ({ id: ids.saleListingId }),
  detailscz: (ids) => ({ id: ids.rentListingId }),
  community: (ids) => ({ id: ids.communityId }),
  informationAndPolicyDetails: (ids) => ({ id: ids.newsId }),
  myOrderDetails: (ids) => ({ id: ids.orderId }),
  feedbackDetails: (ids) => ({ id: ids.feedbackId }),
};

/** The address a test opens for a route: its path, with a real record id where it needs one. */
export function addressOf(key: PathKey, ids: SeededIds): string {
  const query = RECORD_QUERIES[key]?.(ids);
  return withQuery(paths[key].path, query);
}

/** Pages a citizen sees only signed in: the personal centre, plus these outside it. */
const SIGNED_IN_PAGES: ReadonlySet<PathKey> = new Set<PathKey>([
  'orderConfirmation',
  'addhouse',
  'chat',
]);

/** Whether a route is opened signed in by the whole-site tests. */
export function needsSignIn(route: SiteRoute): boolean {
  return route.layout === 'personal' || SIGNED_IN_PAGES.has(route.key);
}

/** The verified demo buyer of the seed. */
export const DEMO_BUYER = { account: '13800000001', password: 'Demo@2026' };

/** Signs the demo buyer in through the API and returns the session token. */
export async function signInThroughApi(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { ...DEMO_BUYER, type: 'phone' },
  });
  const body = (await response.json()) as Envelope<{ access_token: string }>;
  expect(body.code).toBe('000000');
  return body.data.access_token;
}

/** The first record address of a kind in the sitemap, as a path with its query. */
export async function firstInSitemap(request: APIRequestContext, page: string): Promise<string> {
  const xml = await (await request.get('/sitemap.xml')).text();
  const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]!.replace(/&amp;/g, '&')))
    .find((url) => url.pathname === page);
  if (!loc) throw new Error(`no ${page} in the sitemap`);
  return loc.pathname + loc.search;
}
