import type { Paged } from '@portal/shared/api-code';
import type { Banner, ProjectCard, Tag } from '@portal/shared/schemas/home';
import type { NewsItem } from '@portal/shared/schemas/news';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import {
  arrayOf,
  expectShape,
  isBoolean,
  isInt,
  isString,
  nullable,
  objectOf,
  pagedOf,
} from '../../../lib/shape';
import {
  BANNERS_URL,
  CHARACTERISTIC_TAGS_URL,
  HEADLINES_URL,
  type HomeFirstScreen,
  homeNewsUrl,
  type HomeProjectsFilter,
  homeProjectsUrl,
} from './home-urls';

const STALE_MS = 60_000;

/*
 * Home answers are checked against the shared contracts (structural guards, kept in step with
 * the zod schemas by `home-content-guards.test.ts`; zod stays out of the home page's first
 * load): a malformed answer counts as a failed call, and a failed call leaves its section empty
 * with 暂无数据 (docs/product/content.md).
 */

const isAttachment = objectOf<{ path: string }>({ path: isString });

export const isTag = objectOf<Tag>({ id: isInt, tagName: isString });

export const isBanner = objectOf<Banner>({
  id: isInt,
  title: isString,
  attachments: arrayOf(isAttachment),
  link: nullable(isString),
});

export const isNewsItem = objectOf<NewsItem>({
  id: isInt,
  title: isString,
  newsType: isInt,
  summary: nullable(isString),
  createdTime: isString,
  modifiedTime: isString,
  attachments: arrayOf(isAttachment),
});

export const isProjectCard = objectOf<ProjectCard>({
  id: isInt,
  publishName: isString,
  projectName: isString,
  coverUrl: nullable(isString),
  districtCode: isString,
  projectAddress: isString,
  platformPrice: isInt,
  currentPrice: isInt,
  propertiesStr: isString,
  statusText: nullable(isString),
  groupBuy: isBoolean,
  tagList: arrayOf(isTag),
});

async function getBanners(): Promise<Banner[]> {
  return expectShape(arrayOf(isBanner), await apiGet<unknown>(BANNERS_URL), BANNERS_URL);
}

async function getHeadlines(): Promise<NewsItem[]> {
  return expectShape(arrayOf(isNewsItem), await apiGet<unknown>(HEADLINES_URL), HEADLINES_URL);
}

async function getHomeNews(newsType: number, size: number): Promise<Paged<NewsItem>> {
  const url = homeNewsUrl(newsType, size);
  return expectShape(pagedOf(isNewsItem), await apiGet<unknown>(url), url);
}

async function getCharacteristicTags(): Promise<Tag[]> {
  const url = CHARACTERISTIC_TAGS_URL;
  return expectShape(arrayOf(isTag), await apiGet<unknown>(url), url);
}

async function getHomeProjects(filter: HomeProjectsFilter): Promise<ProjectCard[]> {
  const url = homeProjectsUrl(filter);
  return expectShape(arrayOf(isProjectCard), await apiGet<unknown>(url), url);
}

const bannersQuery = () =>
  queryOptions({ queryKey: ['home', 'banners'], queryFn: getBanners, staleTime: STALE_MS });

const headlinesQuery = () =>
  queryOptions({ queryKey: ['home', 'headlines'], queryFn: getHeadlines, staleTime: STALE_MS });

const homeNewsQuery = (newsType: number, size: number) =>
  queryOptions({
    queryKey: ['home', 'news', newsType, size],
    queryFn: () => getHomeNews(newsType, size),
    staleTime: STALE_MS,
  });

const homeProjectsQuery = (filter: HomeProjectsFilter) =>
  queryOptions({
    queryKey: ['home', 'projects', filter],
    queryFn: () => getHomeProjects(filter),
    staleTime: STALE_MS,
  });

/** The top banner carousel of the home page. */
export function useBanners() {
  return useQuery(bannersQuery());
}

/** The headline carousel (at most 5 articles). */
export function useHeadlines() {
  return useQuery(headlinesQuery());
}

/** The first `size` published articles of one type (1 政策公示, 2 房产资讯). */
export function useHomeNews(newsType: number, size: number) {
  return useQuery(homeNewsQuery(newsType, size));
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
  return useQuery({ ...homeProjectsQuery(filter), enabled });
}

/**
 * Starts the first screen's reads (banners, headlines, the news columns, the new-house grid) as
 * soon as the home page's code has loaded, while the page is still being rendered. Reads the
 * boot script already started are taken over (lib/early-requests); cached ones are not repeated.
 */
export function prefetchHomeContent(client: QueryClient, screen: HomeFirstScreen): void {
  void client.prefetchQuery(bannersQuery());
  void client.prefetchQuery(headlinesQuery());
  for (const newsType of screen.newsTypes) {
    void client.prefetchQuery(homeNewsQuery(newsType, screen.newsSize));
  }
  void client.prefetchQuery(homeProjectsQuery(screen.projects));
}
