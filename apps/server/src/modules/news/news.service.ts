import type { Paged } from '@portal/shared/codes';
import type { NewsDetail, NewsItem, NewsListQuery } from '@portal/shared/schemas/news';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isFavourited } from '../favourites/index';
import { sanitizeNewsHtml } from './news-html';
import {
  type NewsRow,
  selectHeadlines,
  selectPublishedArticle,
  selectPublishedNews,
} from './news.queries';

/** The API shape of a list row: ISO times, the cover as `attachments[0]`. */
export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    newsType: row.newsType,
    summary: row.summary,
    createdTime: row.createdAt.toISOString(),
    modifiedTime: row.updatedAt.toISOString(),
    attachments: row.coverPath ? [{ path: row.coverPath }] : [],
  };
}

/** A page of published articles of one type (or all), newest first. */
export async function listNews(db: Db, query: NewsListQuery): Promise<Paged<NewsItem>> {
  const { rows, total } = await selectPublishedNews(
    db,
    { newsType: query.newsType, projectId: query.projectId },
    { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
  );
  return { list: rows.map(toNewsItem), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** The home headline carousel: the newest `limit` published headlines. */
export async function listHeadlines(db: Db, limit: number): Promise<NewsItem[]> {
  return (await selectHeadlines(db, limit)).map(toNewsItem);
}

/**
 * One published article with its body sanitised again on the way out, and whether the caller
 * (null for visitors) has favourited it. Unknown or unpublished ids answer 404.
 */
export async function getNewsDetail(
  db: Db,
  id: number,
  userId: number | null,
): Promise<NewsDetail> {
  const row = await selectPublishedArticle(db, id);
  if (!row) throw new AppError('NOT_FOUND', '文章不存在或已下线');
  const collected = userId === null ? false : await isFavourited(db, userId, 'NEWS', id);
  return {
    ...toNewsItem(row),
    content: sanitizeNewsHtml(row.content),
    source: row.source,
    collected,
  };
}
