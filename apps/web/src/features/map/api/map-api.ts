import type {
  MapFilter,
  MapListPage,
  MapMarkerDetail,
  MapMarkerPage,
  MapOverview,
} from '@portal/shared/schemas/map';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Map filters as the page keeps them: '' means 全部. */
export type MapFilterValues = { [K in keyof Required<MapFilter>]: string };
export type MapSortType = '1' | '2' | '3' | '4' | '5';

/** `minLng,minLat,maxLng,maxLat` of the visible map, degrees. */
export type BoundsText = string;

export const mapClustersQueryOptions = (filter: MapFilterValues) =>
  queryOptions({
    queryKey: ['map', 'clusters', filter],
    queryFn: ({ signal }) => apiGet<MapOverview>('/api/map/clusters', filter, { signal }),
    placeholderData: keepPreviousData,
  });

/** District clusters of the overview (zoom below 12). */
export function useMapClusters(filter: MapFilterValues, enabled: boolean) {
  return useQuery({ ...mapClustersQueryOptions(filter), enabled });
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

export const mapListQueryOptions = (filter: MapFilterValues, sortType: MapSortType) =>
  infiniteQueryOptions({
    queryKey: ['map', 'list', filter, sortType],
    queryFn: ({ pageParam, signal }) =>
      apiGet<MapListPage>(
        '/api/map/projects',
        { ...filter, sortType, pageNum: pageParam },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: MapListPage) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });

/** The list beside the map, 10 a page, loaded page by page as it scrolls. */
export function useMapList(filter: MapFilterValues, sortType: MapSortType) {
  return useInfiniteQuery(mapListQueryOptions(filter, sortType));
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
