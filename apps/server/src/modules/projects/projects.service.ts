import type {
  ProjectDetail,
  ProjectPage,
  ProjectSearchQuery,
} from '@portal/shared/schemas/projects';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ReadCache } from '../../lib/read-cache';
import {
  findCollectNumber,
  findProjectDetail,
  isProjectCollected,
  listProjectNews,
} from './project-detail.queries';
import { listSamePriceProjects } from './project-lists.queries';
import { readProjectSearchIndex } from './project-search-index';
import { searchProjectRows } from './project-search.queries';

const NOT_FOUND_MESSAGE = '楼盘不存在或已下架';

/** The cache key of a search: every filter in a fixed order, so equal searches share it. */
export function searchCacheKey(query: ProjectSearchQuery): string {
  return [
    'search',
    query.pageNum,
    query.pageSize,
    query.keyword?.trim() ?? '',
    query.areaCode ?? '',
    query.priceScope ?? '',
    query.totalScope ?? '',
    query.buildAreaScope ?? '',
    query.bedroom ?? '',
    query.orientation ?? '',
    query.properties ?? '',
    query.houseType ?? '',
    query.sortType,
  ].join('|');
}

const sqlOnly = new WeakSet<Db>();

/**
 * Answers the new-house search of `db` by SQL (`off`) or from memory again: the SQL path's figure
 * beside the index's in one benchmark run (bench/read-mix.ts). The app never turns it off.
 */
export function answerProjectSearchBySql(db: Db, off: boolean): void {
  if (off) sqlOnly.add(db);
  else sqlOnly.delete(db);
}

/** The key of the search index in the read cache. */
const SEARCH_INDEX_KEY = 'search-index';

/**
 * One page of the new-house search (20 per page by default): from the published projects kept in
 * the read cache (`project-search-index.ts`), so as current as every other kept project read; by
 * SQL while the caches are off.
 */
export async function searchProjects(
  db: Db,
  cache: ReadCache,
  query: ProjectSearchQuery,
): Promise<ProjectPage> {
  const page =
    cache.enabled && !sqlOnly.has(db)
      ? (await cache.get(SEARCH_INDEX_KEY, () => readProjectSearchIndex(db))).search(query)
      : await cache.get(searchCacheKey(query), () => searchProjectRows(db, query));
  return { ...page, pageNum: query.pageNum, pageSize: query.pageSize };
}

/**
 * A published project for the project pages. The public part comes from the read cache; the
 * follower count and the caller's own 收藏 state are read live (favourites change them).
 */
export async function getProjectDetail(
  db: Db,
  cache: ReadCache,
  id: number,
  userId: number | null,
): Promise<ProjectDetail> {
  const detail = await cache.get(`detail|${id}`, () => findProjectDetail(db, id));
  if (!detail) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const [collectNumber, collected] = await Promise.all([
    findCollectNumber(db, id),
    userId === null ? false : isProjectCollected(db, userId, id),
  ]);
  return { ...detail, collectNumber: collectNumber ?? detail.collectNumber, collected };
}

/** 同价位楼盘 of a published project (10 at most). */
export async function getSamePriceProjects(db: Db, cache: ReadCache, id: number) {
  return cache.get(`same-price|${id}`, async () => {
    const detail = await findProjectDetail(db, id);
    if (!detail) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
    return listSamePriceProjects(db, id, detail.platformPrice);
  });
}

/** A page of a project's news (楼盘动态), 15 per page by default; 404 for unknown projects. */
export async function getProjectNews(
  db: Db,
  cache: ReadCache,
  id: number,
  pageNum: number,
  pageSize: number,
) {
  const detail = await cache.get(`detail|${id}`, () => findProjectDetail(db, id));
  if (!detail) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const page = await cache.get(`news|${id}|${pageNum}|${pageSize}`, () =>
    listProjectNews(db, id, pageSize, (pageNum - 1) * pageSize),
  );
  return { ...page, pageNum, pageSize };
}

/** Ensures a project exists and is published (404 otherwise). */
export async function assertPublishedProject(db: Db, cache: ReadCache, id: number): Promise<void> {
  const detail = await cache.get(`detail|${id}`, () => findProjectDetail(db, id));
  if (!detail) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
}
