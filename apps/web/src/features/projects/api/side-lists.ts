import type { ProjectBrief, ProjectNewsItem } from '@portal/shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { NEWS_TIMELINE_URL, POPULAR_PROJECTS_URL, RECOMMENDED_PROJECTS_URL } from './project-urls';

const SIDE_STALE_MS = 60_000;

/** 推荐楼盘 (first 10). */
export function useRecommendedProjects() {
  return useQuery({
    queryKey: ['projects', 'recommended'],
    queryFn: () => apiGet<ProjectBrief[]>(RECOMMENDED_PROJECTS_URL),
    staleTime: SIDE_STALE_MS,
  });
}

/** 猜你喜欢 (first 10 by attention). */
export function usePopularProjects() {
  return useQuery({
    queryKey: ['projects', 'popular'],
    queryFn: () => apiGet<ProjectBrief[]>(POPULAR_PROJECTS_URL),
    staleTime: SIDE_STALE_MS,
  });
}

/** The project news timeline of the list page's side panel. */
export function useProjectNewsTimeline() {
  return useQuery({
    queryKey: ['projects', 'news-timeline'],
    queryFn: () => apiGet<ProjectNewsItem[]>(NEWS_TIMELINE_URL),
    staleTime: SIDE_STALE_MS,
  });
}

/** 同价位楼盘 of a project (first 10). */
export function useSamePriceProjects(id: number) {
  return useQuery({
    queryKey: ['projects', 'same-price', id],
    queryFn: () => apiGet<ProjectBrief[]>(`/api/projects/${id}/same-price`),
    enabled: id > 0,
    staleTime: SIDE_STALE_MS,
  });
}
