import type { Paged } from '@portal/shared/api-code';
import { NEWS_LIMITS } from '@portal/shared/constants/news';
import type { FavouriteNews } from '@portal/shared/schemas/favourites';
import type { ProjectCard } from '@portal/shared/schemas/home';
import type { NewsDetail, NewsItem } from '@portal/shared/schemas/news';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** One page (10) of published articles of a type (1 政策公示, 2 房产资讯). */
export function useNewsPage(newsType: number, pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: ['news', 'list', newsType, pageNum],
      queryFn: () =>
        apiGet<Paged<NewsItem>>('/api/news', {
          newsType,
          pageNum,
          pageSize: NEWS_LIMITS.listPageSize,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}

export const newsDetailQueryKey = (id: number) => ['news', 'detail', id] as const;

/** One article with its sanitised body and the caller's favourite flag. */
export function useNewsDetail(id: number, isLoggedIn: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...newsDetailQueryKey(id), isLoggedIn],
      queryFn: () => apiGet<NewsDetail>(`/api/news/${id}`),
      enabled: Number.isInteger(id) && id > 0,
      retry: false,
    }),
  );
}

/** The recommended projects beside an article (at most 10). */
export function useFeaturedProjects() {
  return useQuery(
    queryOptions({
      queryKey: ['content', 'featured-projects'],
      queryFn: () => apiGet<ProjectCard[]>('/api/content/featured-projects'),
      staleTime: 5 * 60_000,
    }),
  );
}

export const favouriteNewsQueryKey = ['favourites', 'news'] as const;

/** The caller's favourite articles, 10 a page, optionally of one type. */
export function useFavouriteNews(newsType: number | undefined, pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...favouriteNewsQueryKey, newsType ?? 'all', pageNum],
      queryFn: () =>
        apiGet<Paged<FavouriteNews>>(
          '/api/favourites/news',
          { newsType, pageNum, pageSize: NEWS_LIMITS.favouritePageSize },
          { toast: true },
        ),
      placeholderData: keepPreviousData,
    }),
  );
}
