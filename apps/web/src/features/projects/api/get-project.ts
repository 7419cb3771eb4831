import type { Paged } from '@portal/shared/api-code';
import type { BuildingExcerpt } from '@portal/shared/schemas/building-excerpt';
import type { ProjectDetail, ProjectNewsItem } from '@portal/shared/schemas/projects';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { projectUrl } from './project-urls';

export const projectQueryKey = (id: number) => ['projects', 'detail', id] as const;

/** The project of the project family pages, with the caller's 收藏 state. */
export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectQueryKey(id),
    queryFn: () => apiGet<ProjectDetail>(projectUrl(id)),
    enabled: id > 0,
  });

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}

/** 楼盘动态 of one project: 15 fetched, the pages show the first 10 (docs/product/new-build.md). */
export function useProjectNews(id: number) {
  return useQuery({
    queryKey: ['projects', 'news', id],
    queryFn: () =>
      apiGet<Paged<ProjectNewsItem>>(`/api/projects/${id}/news`, { pageNum: 1, pageSize: 15 }),
    enabled: id > 0,
  });
}

/** Filters of the /houseHome excerpt; undefined ids mean the first building / unit. */
export interface ExcerptFilters {
  buildingId?: number;
  unitId?: number;
  /** Code of PROJECT_AREA_BANDS; '' = 全部. */
  buildAreaScope: string;
}

/** The 6-floor building-table excerpt of /houseHome (live room colours, never cached long). */
export function useBuildingExcerpt(id: number, filters: ExcerptFilters) {
  return useQuery({
    queryKey: ['projects', 'building-excerpt', id, filters],
    queryFn: () =>
      apiGet<BuildingExcerpt>(`/api/projects/${id}/building-excerpt`, {
        buildingId: filters.buildingId,
        unitId: filters.unitId,
        buildAreaScope: filters.buildAreaScope,
      }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}
