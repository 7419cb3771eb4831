import { DISTRICT_CODES } from '@portal/shared/constants/districts';
import {
  MAP_MARKER_LIMIT,
  type MapBounds,
  type MapCluster,
  type MapFilter,
  type MapMarker,
  type MapMarkerDetail,
} from '@portal/shared/schemas/map';
import type { ProjectSearchQuery } from '@portal/shared/schemas/projects';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { type IndexedProject, searchConditions } from '../projects/index';
import { isPublicProject } from '../projects/tables';

/** The list filters as a project search, so clusters and markers match the list exactly. */
export function toSearchQuery(filter: MapFilter): ProjectSearchQuery {
  return {
    pageNum: 1,
    pageSize: 10,
    sortType: '1',
    keyword: filter.keyword,
    areaCode: filter.areaCode,
    priceScope: filter.priceScope,
    properties: filter.properties,
    buildAreaScope: filter.buildAreaScope,
  };
}

const DISTRICT_ORDER = new Map<string, number>(DISTRICT_CODES.map((code, i) => [code, i]));

/** Clusters in the city's order of districts. */
export const inDistrictOrder = (clusters: MapCluster[]): MapCluster[] =>
  clusters.sort((a, b) => (DISTRICT_ORDER.get(a.key) ?? 99) - (DISTRICT_ORDER.get(b.key) ?? 99));

/** Degrees to whole millionths, the precision positions are stored and answered in. */
const micro = (degrees: number): number => Math.round(degrees * 1e6);

/**
 * `selectClusters` over projects already matched in memory (docs/decisions/0085): counted per
 * district, placed at their mean position, rounded to a millionth of a degree.
 */
export function clustersOf(projects: readonly IndexedProject[]): MapCluster[] {
  const districts = new Map<string, { label: string; count: number; lng: number; lat: number }>();
  for (const p of projects) {
    const d = districts.get(p.districtCode) ?? { label: p.districtName, count: 0, lng: 0, lat: 0 };
    d.count += 1;
    d.lng += micro(p.lng);
    d.lat += micro(p.lat);
    districts.set(p.districtCode, d);
  }
  return inDistrictOrder(
    [...districts].map(([key, d]) => ({
      key,
      label: d.label,
      docCount: d.count,
      lng: Math.round(d.lng / d.count) / 1e6,
      lat: Math.round(d.lat / d.count) / 1e6,
    })),
  );
}

/** Whether a project lies inside the box `[minLng, minLat, maxLng, maxLat]`, edges included. */
export const insideBox =
  ([minLng, minLat, maxLng, maxLat]: MapBounds) =>
  (p: IndexedProject): boolean =>
    p.lat >= minLat && p.lat <= maxLat && p.lng >= minLng && p.lng <= maxLng;

/**
 * `selectMarkers` over projects already matched in memory (docs/decisions/0085): those inside the
 * box, edges included, the most watched first (ties by id), at most MAP_MARKER_LIMIT.
 */
export function markersOf(
  projects: readonly IndexedProject[],
  box: MapBounds,
): { list: MapMarker[]; truncated: boolean } {
  const inside = projects
    .filter(insideBox(box))
    .sort((a, b) => b.collectNumber - a.collectNumber || a.id - b.id);
  return {
    list: inside.slice(0, MAP_MARKER_LIMIT).map((p) => ({
      id: p.id,
      name: p.publishName,
      platformPrice: p.platformPrice,
      lng: p.lng,
      lat: p.lat,
    })),
    truncated: inside.length > MAP_MARKER_LIMIT,
  };
}

/**
 * District clusters of the overview: matching published projects counted per district, placed at
 * the mean position of those projects. Districts without a match are left out; `within` narrows
 * the projects further (the map's visible box).
 */
export async function selectClusters(
  db: Db,
  filter: MapFilter,
  within?: SQL,
): Promise<MapCluster[]> {
  const rows = await selectRows<{
    key: string;
    label: string;
    doc_count: string | number;
    lng: string | number;
    lat: string | number;
  }>(
    db,
    sql`
    select p.district_code as key, d.name as label, count(*) as doc_count,
      avg(p.lng) as lng, avg(p.lat) as lat
    from projects p
    join districts d on d.code = p.district_code
    left join companies c on c.id = p.company_id
    where ${within ? sql`${within} and ` : sql``}${searchConditions(toSearchQuery(filter))}
    group by p.district_code, d.name
  `,
  );
  return inDistrictOrder(
    rows.map((row) => ({
      key: row.key,
      label: row.label,
      docCount: Number(row.doc_count),
      lng: micro(Number(row.lng)) / 1e6,
      lat: micro(Number(row.lat)) / 1e6,
    })),
  );
}

/**
 * Matching published projects inside the box `[minLng, minLat, maxLng, maxLat]` (edges included),
 * at most MAP_MARKER_LIMIT, the most watched first so a cut list keeps the popular ones. The lat
 * range uses `projects_lat_lng_idx`.
 */
export async function selectMarkers(
  db: Db,
  filter: MapFilter,
  [minLng, minLat, maxLng, maxLat]: MapBounds,
): Promise<{ list: MapMarker[]; truncated: boolean }> {
  const rows = await selectRows<{
    id: number;
    name: string;
    platform_price: number;
    lng: string | number;
    lat: string | number;
  }>(
    db,
    sql`
    select p.id, p.publish_name as name, p.platform_price, p.lng, p.lat
    from projects p
    join districts d on d.code = p.district_code
    left join companies c on c.id = p.company_id
    where p.lat between ${minLat} and ${maxLat} and p.lng between ${minLng} and ${maxLng}
      and ${searchConditions(toSearchQuery(filter))}
    order by p.collect_number desc, p.id
    limit ${MAP_MARKER_LIMIT + 1}
  `,
  );
  return {
    list: rows.slice(0, MAP_MARKER_LIMIT).map((row) => ({
      id: row.id,
      name: row.name,
      platformPrice: row.platform_price,
      lng: Number(row.lng),
      lat: Number(row.lat),
    })),
    truncated: rows.length > MAP_MARKER_LIMIT,
  };
}

/** The card of one published project, or null when it does not exist or is not published. */
export async function selectMarkerDetail(db: Db, id: number): Promise<MapMarkerDetail | null> {
  const rows = await selectRows<{
    id: number;
    publish_name: string;
    cover_path: string | null;
    district_code: string;
    project_address: string;
    platform_price: number;
    status_text: string | null;
    house_type_str: string | null;
    contact: string | null;
    tags: string[] | null;
    min_area: string | number | null;
    max_area: string | number | null;
  }>(
    db,
    sql`
    select projects.id, projects.publish_name, projects.cover_path, projects.district_code,
      projects.project_address, projects.platform_price, projects.status_text,
      projects.house_type_str, projects.contact,
      (select array_agg(t.tag_name order by t.sort, t.id) from project_tags pt
        join tags t on t.id = pt.tag_id where pt.project_id = projects.id) as tags,
      (select min(m.area) from house_models m where m.project_id = projects.id) as min_area,
      (select max(m.area) from house_models m where m.project_id = projects.id) as max_area
    from projects
    where projects.id = ${id} and ${isPublicProject()}
  `,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    publishName: row.publish_name,
    coverUrl: row.cover_path,
    districtCode: row.district_code,
    projectAddress: row.project_address,
    platformPrice: row.platform_price,
    statusText: row.status_text,
    houseTypeStr: row.house_type_str,
    contact: row.contact,
    tags: row.tags ?? [],
    minArea: row.min_area === null ? null : Number(row.min_area),
    maxArea: row.max_area === null ? null : Number(row.max_area),
  };
}
