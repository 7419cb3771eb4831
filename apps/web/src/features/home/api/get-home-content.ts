import type { Paged } from '@portal/shared/codes';
import { pagedOf } from '@portal/shared/schemas/common';
import {
  type Banner,
  bannerSchema,
  type ProjectCard,
  projectCardSchema,
  type Tag,
  tagSchema,
} from '@portal/shared/schemas/home';
import { type NewsItem, newsItemSchema } from '@portal/shared/schemas/news';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

const STALE_MS = 60_000;

/*
 * Home answers are checked against the shared contracts: a malformed answer counts as a failed
 * call, and a failed call leaves its section empty with 暂无数据 (spec 1 §8).
 */

async function getBanners(): Promise<Banner[]> {
  return bannerSchema.array().parse(await apiGet<unknown>('/api/content/banners'));
}

async function getHeadlines(): Promise<NewsItem[]> {
  return newsItemSchema.array().parse(await apiGet<unknown>('/api/news/headlines'));
}

async function getHomeNews(newsType: number, size: number): Promise<Paged<NewsItem>> {
  const data = await apiGet<unknown>('/api/news', { pageNum: 1, pageSize: size, newsType });
  return pagedOf(newsItemSchema).parse(data);
}

async function getCharacteristicTags(): Promise<Tag[]> {
  return tagSchema.array().parse(await apiGet<unknown>('/api/content/tags', { tagType: 5 }));
}

export interface HomeProjectsFilter {
  characteristicId?: number;
  /** District code; empty means all districts. */
  areaCode?: string;
  size: number;
}

async function getHomeProjects(filter: HomeProjectsFilter): Promise<ProjectCard[]> {
  const data = await apiGet<unknown>('/api/content/home-projects', {
    characteristicId: filter.characteristicId,
    areaCode: filter.areaCode,
    size: filter.size,
  });
  return projectCardSchema.array().parse(data);
}

/** The top banner carousel of the home page. */
export function useBanners() {
  return useQuery({ queryKey: ['home', 'banners'], queryFn: getBanners, staleTime: STALE_MS });
}

/** The headline carousel (at most 5 articles). */
export function useHeadlines() {
  return useQuery({ queryKey: ['home', 'headlines'], queryFn: getHeadlines, staleTime: STALE_MS });
}

/** The first `size` published articles of one type (1 政策公示, 2 房产资讯). */
export function useHomeNews(newsType: number, size: number) {
  return useQuery({
    queryKey: ['home', 'news', newsType, size],
    queryFn: () => getHomeNews(newsType, size),
    staleTime: STALE_MS,
  });
}

/** Characteristic tags (tag type 5) of the home tag row. */
export function useCharacteristicTags() {
  return useQuery({
    queryKey: ['home', 'tags', 5],
    queryFn: getCharacteristicTags,
    staleTime: STALE_MS,
  });
}

/** Published projects of a characteristic tag or a district, for the home blocks. */
export function useHomeProjects(filter: HomeProjectsFilter, enabled = true) {
  return useQuery({
    queryKey: ['home', 'projects', filter],
    queryFn: () => getHomeProjects(filter),
    staleTime: STALE_MS,
    enabled,
  });
}
