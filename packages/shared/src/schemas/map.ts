import { z } from 'zod';
import { DISTRICT_CODES } from '../constants/districts';
import { pagedOf } from './common';
import { listingTypeSchema } from './listing-form';
import { listingCardSchema } from './listings';
import { projectListItemSchema } from './projects';

/** Page size of the map's project list (docs/product/new-build.md). */
export const MAP_PAGE_SIZE = 10;
/** Zoom of the district overview; at MAP_DETAIL_ZOOM and above single projects are shown. */
export const MAP_OVERVIEW_ZOOM = 11;
export const MAP_DETAIL_ZOOM = 12;
/** Most markers one viewport request answers; a fuller viewport says `truncated`. */
export const MAP_MARKER_LIMIT = 1500;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalCode = (codes: readonly [string, ...string[]]) =>
  z.preprocess(emptyToUndefined, z.enum(codes).optional());

/**
 * The filters of the map page, shared by the clusters, the viewport markers and the list, so the
 * three always show the same projects: name keyword, district, average-price band, purpose
 * (类型) and area band (codes of `constants/project-filters`).
 */
export const mapFilterSchema = z.object({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  areaCode: optionalCode(DISTRICT_CODES),
  priceScope: optionalCode(['1', '2', '3', '4']),
  properties: optionalCode(['1', '2', '3', '4', '5', '6']),
  buildAreaScope: optionalCode(['1', '2', '3', '4', '5']),
});
export type MapFilter = z.infer<typeof mapFilterSchema>;

/** One district cluster of the overview: district code, name, matching projects, centre. */
export const mapClusterSchema = z.object({
  key: z.string(),
  label: z.string(),
  docCount: z.number().int(),
  /** Centre of the district's matching projects, degrees (GCJ-02). */
  lng: z.number(),
  lat: z.number(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;
export const mapOverviewSchema = z.object({
  list: z.array(mapClusterSchema),
  total: z.number().int(),
});
export type MapOverview = z.infer<typeof mapOverviewSchema>;

const coordinate = (max: number) => z.coerce.number().min(-max).max(max);

/**
 * Viewport query: the visible box as `minLng,minLat,maxLng,maxLat` plus the filters. The box is
 * checked by the service (corners in order, at most 5° across) so a bad one answers 80001.
 */
export const mapMarkerQuerySchema = mapFilterSchema.extend({
  bbox: z.string().trim().max(100),
});
export type MapMarkerQuery = z.infer<typeof mapMarkerQuerySchema>;

export const mapBoundsSchema = z.tuple([
  coordinate(180),
  coordinate(90),
  coordinate(180),
  coordinate(90),
]);
export type MapBounds = z.infer<typeof mapBoundsSchema>;

/** A single-project price marker: platform price in yuan/㎡. */
export const mapMarkerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  platformPrice: z.number(),
  lng: z.number(),
  lat: z.number(),
});
export type MapMarker = z.infer<typeof mapMarkerSchema>;
export const mapMarkerPageSchema = z.object({
  list: z.array(mapMarkerSchema),
  /** True when more than MAP_MARKER_LIMIT projects lie in the box (the list is cut). */
  truncated: z.boolean(),
});
export type MapMarkerPage = z.infer<typeof mapMarkerPageSchema>;

/** The list beside the map: 10 a page, sort codes 1–5 as on /newHouse. */
export const mapListQuerySchema = mapFilterSchema.extend({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  sortType: z.preprocess(emptyToUndefined, z.enum(['1', '2', '3', '4', '5']).default('1')),
});
export type MapListQuery = z.infer<typeof mapListQuerySchema>;
export const mapListPageSchema = pagedOf(projectListItemSchema);
export type MapListPage = z.infer<typeof mapListPageSchema>;

/** The card a clicked marker opens. Prices yuan/㎡, areas ㎡. */
export const mapMarkerDetailSchema = z.object({
  id: z.number().int(),
  publishName: z.string(),
  coverUrl: z.string().nullable(),
  districtCode: z.string(),
  projectAddress: z.string(),
  platformPrice: z.number(),
  statusText: z.string().nullable(),
  houseTypeStr: z.string().nullable(),
  contact: z.string().nullable(),
  tags: z.array(z.string()),
  minArea: z.number().nullable(),
  maxArea: z.number().nullable(),
});
export type MapMarkerDetail = z.infer<typeof mapMarkerDetailSchema>;

/** Path of the marker card: a project id within the integer range. */
export const mapMarkerParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * The list beside the map for the visible area (docs/decisions/0056-map-follows-the-view.md):
 * the list filters plus the visible box, so "N 个楼盘" counts only what can be seen.
 */
export const mapViewListQuerySchema = mapListQuerySchema.extend({
  bbox: z.string().trim().max(100),
});
export type MapViewListQuery = z.infer<typeof mapViewListQuerySchema>;

/** Most listing markers one viewport request answers; a fuller viewport says `truncated`. */
export const MAP_LISTING_MARKER_LIMIT = 1500;
/** Page size of the second-hand list beside the map. */
export const MAP_LISTING_PAGE_SIZE = 10;

/**
 * The second-hand layer's filters: 1 出售 or 2 出租, a keyword (title, community, address) and
 * a district, with the visible box `minLng,minLat,maxLng,maxLat`.
 */
export const mapListingQuerySchema = z.object({
  type: listingTypeSchema.default(1),
  keyword: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(50, '关键词不能超过50个字符').optional(),
  ),
  areaCode: optionalCode(DISTRICT_CODES),
  bbox: z.string().trim().max(100),
});
export type MapListingQuery = z.infer<typeof mapListingQuerySchema>;

/** One page of the second-hand list of the visible area, sorted like /secondhandhouse. */
export const mapListingListQuerySchema = mapListingQuerySchema.extend({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  sortType: z.preprocess(emptyToUndefined, z.enum(['1', '2', '3', '4', '5']).default('1')),
});
export type MapListingListQuery = z.infer<typeof mapListingListQuerySchema>;
export const mapListingListPageSchema = pagedOf(listingCardSchema);
export type MapListingListPage = z.infer<typeof mapListingListPageSchema>;

/**
 * A second-hand listing on the map: its community as the label's name, the price (sale total
 * in yuan, rent yuan/month) and the listing's own position.
 */
export const mapListingMarkerSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  price: z.number(),
  lng: z.number(),
  lat: z.number(),
});
export type MapListingMarker = z.infer<typeof mapListingMarkerSchema>;
export const mapListingMarkerPageSchema = z.object({
  list: z.array(mapListingMarkerSchema),
  /** True when more than MAP_LISTING_MARKER_LIMIT listings lie in the box (the list is cut). */
  truncated: z.boolean(),
});
export type MapListingMarkerPage = z.infer<typeof mapListingMarkerPageSchema>;
