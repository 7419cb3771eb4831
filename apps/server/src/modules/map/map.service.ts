import {
  MAP_PAGE_SIZE,
  mapBoundsSchema,
  type MapBounds,
  type MapFilter,
  type MapListPage,
  type MapListQuery,
  type MapMarkerDetail,
  type MapMarkerPage,
  type MapMarkerQuery,
  type MapOverview,
} from '@portal/shared/schemas/map';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ReadCache } from '../../lib/read-cache';
import {
  type ProjectSearchIndex,
  readProjectSearchIndex,
  searchProjectRows,
} from '../projects/index';
import {
  clustersOf,
  markersOf,
  selectClusters,
  selectMarkerDetail,
  selectMarkers,
  toSearchQuery,
} from './map.queries';

/** Widest box a viewport request may ask for, in degrees (the whole city is about 1.2° across). */
export const MAX_BOUNDS_SPAN = 5;

function filterKey(filter: MapFilter): string {
  return [
    filter.keyword?.trim() ?? '',
    filter.areaCode ?? '',
    filter.priceScope ?? '',
    filter.properties ?? '',
    filter.buildAreaScope ?? '',
  ].join('|');
}

/**
 * Parses `minLng,minLat,maxLng,maxLat` (degrees). Corners out of order, out of range, not numbers
 * or a box wider than MAX_BOUNDS_SPAN answer 80001.
 */
export function parseBounds(text: string): MapBounds {
  const parts = text.split(',').map((part) => part.trim());
  const parsed = mapBoundsSchema.safeParse(parts.length === 4 && parts.every(Boolean) ? parts : []);
  if (!parsed.success) throw new AppError('MAP_BOUNDS_INVALID');
  const [minLng, minLat, maxLng, maxLat] = parsed.data;
  if (minLng > maxLng || minLat > maxLat) throw new AppError('MAP_BOUNDS_INVALID');
  if (maxLng - minLng > MAX_BOUNDS_SPAN || maxLat - minLat > MAX_BOUNDS_SPAN)
    throw new AppError('MAP_BOUNDS_INVALID', '地图范围过大，请放大地图后再查看楼盘');
  return parsed.data;
}

/**
 * The published projects kept in the map's read cache, the new-house search's index
 * (docs/decisions/0085-the-map-from-the-projects-in-memory.md): emptied with the cache by every
 * project write, never older than its entries. One read at a time, shared by every caller: taken
 * inside an answer's load, in that answer's place in the public reads' line, so an answer built
 * from an index read before a write is not kept; the view's reads, which keep no answer, take it
 * directly. Null while the caches are off: then the map reads by SQL.
 */
export async function keptProjects(db: Db, cache: ReadCache): Promise<ProjectSearchIndex | null> {
  return cache.enabled ? cache.get('map:projects', () => readProjectSearchIndex(db)) : null;
}

/** District clusters of the overview with the total of matching projects (cached). */
export async function getMapOverview(
  db: Db,
  cache: ReadCache,
  filter: MapFilter,
): Promise<MapOverview> {
  return cache.get(`map:clusters|${filterKey(filter)}`, async () => {
    const projects = await keptProjects(db, cache);
    const list = projects
      ? clustersOf(projects.matching(toSearchQuery(filter)))
      : await selectClusters(db, filter);
    return { list, total: list.reduce((sum, cluster) => sum + cluster.docCount, 0) };
  });
}

/** Grid the viewport boxes are widened to before querying and caching, degrees (about 5 km). */
export const BOUNDS_GRID = 0.05;

const snapDown = (value: number) => Math.floor(value / BOUNDS_GRID) * BOUNDS_GRID;
const snapUp = (value: number) => Math.ceil(value / BOUNDS_GRID) * BOUNDS_GRID;

/**
 * Price markers of the matching projects inside the visible box, at most MAP_MARKER_LIMIT (the
 * most watched first), with `truncated` when the visible box holds more: from the projects kept in
 * memory, or while the caches are off by SQL. There the box is widened to
 * the BOUNDS_GRID grid for the query and the cache key, so neighbouring views of a pan share one
 * cached answer, which is then cut to the exact box. When the widened box itself holds more than
 * the limit, its answer may lack visible projects, so the exact box is queried instead.
 */
export async function getMapMarkers(
  db: Db,
  cache: ReadCache,
  query: MapMarkerQuery,
): Promise<MapMarkerPage> {
  const box = parseBounds(query.bbox);
  const projects = await keptProjects(db, cache);
  if (projects) return markersOf(projects.matching(toSearchQuery(query)), box);
  const [minLng, minLat, maxLng, maxLat] = box;
  const grid: MapBounds = [
    Number(snapDown(minLng).toFixed(2)),
    Number(snapDown(minLat).toFixed(2)),
    Number(snapUp(maxLng).toFixed(2)),
    Number(snapUp(maxLat).toFixed(2)),
  ];
  const wide = await cache.get(`map:markers|${grid.join(',')}|${filterKey(query)}`, () =>
    selectMarkers(db, query, grid),
  );
  if (wide.truncated) return selectMarkers(db, query, box);
  return {
    list: wide.list.filter(
      (m) => m.lng >= minLng && m.lng <= maxLng && m.lat >= minLat && m.lat <= maxLat,
    ),
    truncated: false,
  };
}

/** One page (10) of the list beside the map, sorted like /newHouse, with the total. */
export async function getMapList(
  db: Db,
  cache: ReadCache,
  query: MapListQuery,
): Promise<MapListPage> {
  const search = { ...query, pageSize: MAP_PAGE_SIZE };
  const projects = await keptProjects(db, cache);
  const key = `map:list|${query.pageNum}|${query.sortType}|${filterKey(query)}`;
  const page = projects
    ? projects.search(search)
    : await cache.get(key, () => searchProjectRows(db, search));
  return { ...page, pageNum: query.pageNum, pageSize: MAP_PAGE_SIZE };
}

/** The card of a clicked marker; 80002 when the project is missing or not published. */
export async function getMarkerDetail(
  db: Db,
  cache: ReadCache,
  id: number,
): Promise<MapMarkerDetail> {
  const detail = await cache.get(`map:detail|${id}`, () => selectMarkerDetail(db, id));
  if (!detail) throw new AppError('MAP_MARKER_NOT_FOUND');
  return detail;
}
