import type { ProjectPage, ProjectSearchQuery } from '@portal/shared/schemas/projects';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { projectSearchUrl } from './project-urls';

export type ProjectSearchParams = Partial<Omit<ProjectSearchQuery, 'pageNum' | 'pageSize'>> & {
  pageNum: number;
};

/** One page of the new-house search (20 per page). */
export function searchProjects(params: ProjectSearchParams): Promise<ProjectPage> {
  return apiGet<ProjectPage>(projectSearchUrl(params));
}

export const projectSearchQueryOptions = (params: ProjectSearchParams) =>
  queryOptions({
    queryKey: ['projects', 'search', params],
    queryFn: () => searchProjects(params),
    placeholderData: keepPreviousData,
  });

/** The search results; failures leave the list empty (docs/product/new-build.md). */
export function useProjectSearch(params: ProjectSearchParams) {
  return useQuery(projectSearchQueryOptions(params));
}
