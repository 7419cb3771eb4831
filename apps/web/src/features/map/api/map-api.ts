import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import type {
  MapFilter,
  MapListingListPage,
  MapListingMarkerPage,
  MapListPage,
  MapMarkerDetail,
  MapMarkerPage,
  MapOverview,
} from '@portal/shared/schemas/map';
import type { MapPoi } from '@portal/shared/schemas/places';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Map filters as the page keeps them: '' means 全部. */
export type MapFilterValues = { [K in keyof Required<MapFilter>]: string };
export type MapSortType = '1' | '2' | '3' | '4' | '5';

/** `minLng,minLat,maxLng,maxLat` of the visible map, degrees. */
export type BoundsText = string;

export type { MapPoi };

/** The 周边配套 layer's box may be at most this wide and high, degrees (`GET /api/pois/map`). */
export const POI_BOX_MAX_DEGREES = 2;

/** Whether a box is small enough for the 周边配套 layer. */
export function poiBoxFits(bbox: BoundsText): boolean {
  const [west, south, east, north] = bbox.split(',').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return east - west <= POI_BOX_MAX_DEGREES && north - south <= POI_BOX_MAX_DEGREES;
}

/** The 周边配套 points of the visible box (null: layer off); failures keep the last points. */
export function usePoisInView(bbox: BoundsText | null) {
  return useQuery({
    queryKey: ['map', 'pois', bbox],
    queryFn: ({ signal }) => apiGet<MapPoi[]>('/api/pois/map', { bbox: bbox ?? '' }, { signal }),
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** Price markers of the visible box (zoom 12 and above); failures keep the last markers. */
export function useMapMarkers(filter: MapFilterValues, bbox: BoundsText | null) {
  return useQuery({
    queryKey: ['map', 'markers', bbox, filter],
    queryFn: ({ signal }) =>
      apiGet<MapMarkerPage>('/api/map/markers', { ...filter, bbox: bbox ?? '' }, { signal }),
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
  });
}

export const markerDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['map', 'marker', id],
    queryFn: ({ signal }) =>
      apiGet<MapMarkerDetail>(`/api/map/markers/${id}`, undefined, { signal }),
  });

/** The card of a clicked marker. */
export function useMarkerDetail(id: number) {
  return useQuery(markerDetailQueryOptions(id));
}

/** What the map shows: new-build projects, or second-hand listings for sale or for rent. */
export type MapLayer = 'project' | 'sale' | 'rent';
export const LISTING_TYPE_OF: Record<Exclude<MapLayer, 'project'>, ListingTypeCode> = {
  sale: LISTING_TYPE.SALE,
  rent: LISTING_TYPE.RENT,
};

/** District clusters of the projects inside the visible box (zoom below 12). */
export function useMapViewClusters(filter: MapFilterValues, bbox: BoundsText | null) {
  return useQuery({
    queryKey: ['map', 'view-clusters', bbox, filter],
    queryFn: ({ signal }) =>
      apiGet<MapOverview>('/api/map/view/clusters', { ...filter, bbox: bbox ?? '' }, { signal }),
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
  });
}

/** The list beside the map: the projects of the visible box, 10 a page, with their count. */
export function useMapViewList(
  filter: MapFilterValues,
  sortType: MapSortType,
  bbox: BoundsText | null,
) {
  return useInfiniteQuery({
    queryKey: ['map', 'view-list', bbox, filter, sortType],
    queryFn: ({ pageParam, signal }) =>
      apiGet<MapListPage>(
        '/api/map/view/projects',
        { ...filter, sortType, pageNum: pageParam, bbox: bbox ?? '' },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: MapListPage) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
  });
}

/** The second-hand layer's filters as the page keeps them ('' means 全部). */
export interface ListingFilterValues {
  keyword: string;
  areaCode: string;
}

const listingParams = (
  type: ListingTypeCode,
  filter: ListingFilterValues,
  bbox: BoundsText | null,
) => ({
  type,
  keyword: filter.keyword,
  areaCode: filter.areaCode,
  bbox: bbox ?? '',
});

/** District clusters of the public listings of one type inside the visible box. */
export function useListingClusters(
  type: ListingTypeCode,
  filter: ListingFilterValues,
  bbox: BoundsText | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['map', 'listing-clusters', type, bbox, filter],
    queryFn: ({ signal }) =>
      apiGet<MapOverview>('/api/map/listings/clusters', listingParams(type, filter, bbox), {
        signal,
      }),
    enabled: enabled && bbox !== null,
    placeholderData: keepPreviousData,
  });
}

/** Markers of the public listings of one type inside the visible box (zoom 12 and above). */
export function useListingMarkers(
  type: ListingTypeCode,
  filter: ListingFilterValues,
  bbox: BoundsText | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['map', 'listing-markers', type, bbox, filter],
    queryFn: ({ signal }) =>
      apiGet<MapListingMarkerPage>('/api/map/listings/markers', listingParams(type, filter, bbox), {
        signal,
      }),
    enabled: enabled && bbox !== null,
    placeholderData: keepPreviousData,
  });
}

/** The second-hand list beside the map: listings of the visible box, 10 a page, with the count. */
export function useListingList(
  type: ListingTypeCode,
  filter: ListingFilterValues,
  sortType: MapSortType,
  bbox: BoundsText | null,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: ['map', 'listing-list', type, bbox, filter, sortType],
    queryFn: ({ pageParam, signal }) =>
      apiGet<MapListingListPage>(
        '/api/map/listings',
        { ...listingParams(type, filter, bbox), sortType, pageNum: pageParam },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: MapListingListPage) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
    enabled: enabled && bbox !== null,
    placeholderData: keepPreviousData,
  });
}
