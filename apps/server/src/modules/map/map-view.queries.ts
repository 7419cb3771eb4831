import type { ListingSearchQuery } from '@portal/shared/schemas/listings';
import {
  MAP_LISTING_MARKER_LIMIT,
  MAP_LISTING_PAGE_SIZE,
  MAP_PAGE_SIZE,
  type MapBounds,
  type MapCluster,
  type MapFilter,
  type MapListingListPage,
  type MapListingListQuery,
  type MapListingMarker,
  type MapListingQuery,
  type MapViewListQuery,
} from '@portal/shared/schemas/map';
import type { ProjectListItem } from '@portal/shared/schemas/projects';
import { and, avg, between, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingOrderBy, searchConditions as listingConditions, toCards } from '../listings/index';
import { secondHandListings } from '../listings/tables';
import { type ProjectSearchIndex, searchProjectRows } from '../projects/index';
import { districts } from '../projects/tables';
import {
  clustersOf,
  inDistrictOrder,
  insideBox,
  selectClusters,
  toSearchQuery,
} from './map.queries';

const L = secondHandListings;
const round6 = (value: unknown) => Math.round(Number(value) * 1e6) / 1e6;

/** The projects inside the box, edges included (`projects_lat_lng_idx` serves the lat range). */
function projectsIn([minLng, minLat, maxLng, maxLat]: MapBounds): SQL {
  return sql`p.lat between ${minLat} and ${maxLat} and p.lng between ${minLng} and ${maxLng}`;
}

/**
 * District clusters of the matching published projects inside the box: how many of each
 * district's projects can be seen, placed at their mean position. Districts with none in view
 * are left out.
 */
export async function selectProjectClustersInBox(
  db: Db,
  filter: MapFilter,
  box: MapBounds,
): Promise<MapCluster[]> {
  return selectClusters(db, filter, projectsIn(box));
}

/** `selectProjectClustersInBox` over the published projects in memory (docs/decisions/0085). */
export function projectClustersInBox(
  projects: ProjectSearchIndex,
  filter: MapFilter,
  box: MapBounds,
): MapCluster[] {
  return clustersOf(projects.matching(toSearchQuery(filter)).filter(insideBox(box)));
}

/** `selectProjectPageInBox` over the published projects in memory (docs/decisions/0085). */
export function projectPageInBox(
  projects: ProjectSearchIndex,
  query: MapViewListQuery,
  box: MapBounds,
): { list: ProjectListItem[]; total: number } {
  const search = { ...toSearchQuery(query), sortType: query.sortType };
  const inside = projects.matching(search).filter(insideBox(box));
  const start = (query.pageNum - 1) * MAP_PAGE_SIZE;
  return {
    list: inside.slice(start, start + MAP_PAGE_SIZE).map((p) => p.item),
    total: inside.length,
  };
}

/** One page (10) of the matching published projects inside the box, sorted like /newHouse. */
export async function selectProjectPageInBox(db: Db, query: MapViewListQuery, box: MapBounds) {
  return searchProjectRows(
    db,
    {
      ...toSearchQuery(query),
      pageNum: query.pageNum,
      sortType: query.sortType,
      pageSize: MAP_PAGE_SIZE,
    },
    projectsIn(box),
  );
}

/** The listing search the map's second-hand layer stands for: public listings of one type. */
function listingSearchOf(query: MapListingQuery): ListingSearchQuery {
  return {
    type: query.type,
    keyword: query.keyword,
    areaCode: query.areaCode,
    priceScope: undefined,
    areaScope: undefined,
    bedroom: undefined,
    ageScope: undefined,
    rentType: undefined,
    rentPay: undefined,
    decorates: undefined,
    community: undefined,
    pageNum: 1,
    pageSize: MAP_LISTING_PAGE_SIZE,
    sortType: '1',
  };
}

/**
 * Public listings (published, not hidden by reports, with a position) matching the layer's
 * filters inside the box; `listings_type_status_lat_lng_idx` serves the lat range.
 */
function listingsWhere(query: MapListingQuery, box: MapBounds, year: number): SQL {
  const [minLng, minLat, maxLng, maxLat] = box;
  return and(
    listingConditions(listingSearchOf(query), year),
    between(L.lat, minLat, maxLat),
    between(L.lng, minLng, maxLng),
  ) as SQL;
}

/** District clusters of the public listings inside the box, like the projects' clusters. */
export async function selectListingClustersInBox(
  db: Db,
  query: MapListingQuery,
  box: MapBounds,
  year: number,
): Promise<MapCluster[]> {
  const rows = await db
    .select({
      key: L.districtCode,
      label: districts.name,
      docCount: count(),
      lng: avg(L.lng),
      lat: avg(L.lat),
    })
    .from(L)
    .innerJoin(districts, eq(districts.code, L.districtCode))
    .where(listingsWhere(query, box, year))
    .groupBy(L.districtCode, districts.name);
  return inDistrictOrder(
    rows.map((row) => ({
      key: row.key,
      label: row.label,
      docCount: Number(row.docCount),
      lng: round6(row.lng),
      lat: round6(row.lat),
    })),
  );
}

/**
 * Markers of the public listings inside the box, at most MAP_LISTING_MARKER_LIMIT (the newest
 * first), with `truncated` when the box holds more.
 */
export async function selectListingMarkers(
  db: Db,
  query: MapListingQuery,
  box: MapBounds,
  year: number,
): Promise<{ list: MapListingMarker[]; truncated: boolean }> {
  const rows = await db
    .select({
      id: L.id,
      type: L.type,
      name: L.communityName,
      price: L.price,
      lng: L.lng,
      lat: L.lat,
    })
    .from(L)
    .where(listingsWhere(query, box, year))
    .orderBy(...listingOrderBy(query.type, '1'))
    .limit(MAP_LISTING_MARKER_LIMIT + 1);
  return {
    list: rows.slice(0, MAP_LISTING_MARKER_LIMIT).map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      price: row.price,
      lng: Number(row.lng),
      lat: Number(row.lat),
    })),
    truncated: rows.length > MAP_LISTING_MARKER_LIMIT,
  };
}

/** One page (10) of the public listings inside the box, sorted like /secondhandhouse. */
export async function selectListingPageInBox(
  db: Db,
  query: MapListingListQuery,
  box: MapBounds,
  year: number,
): Promise<MapListingListPage> {
  const where = listingsWhere(query, box, year);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(L)
      .where(where)
      .orderBy(...listingOrderBy(query.type, query.sortType))
      .limit(MAP_LISTING_PAGE_SIZE)
      .offset((query.pageNum - 1) * MAP_LISTING_PAGE_SIZE),
    db.select({ total: count() }).from(L).where(where),
  ]);
  return {
    list: await toCards(db, rows),
    total: Number(totals[0]?.total ?? 0),
    pageNum: query.pageNum,
    pageSize: MAP_LISTING_PAGE_SIZE,
  };
}
