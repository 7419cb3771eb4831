import { NEWS_STATUS } from '@portal/shared/status';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/index';

/** The columns of a list row. */
export const NEWS_ROW_COLUMNS = {
  id: news.id,
  title: news.title,
  newsType: news.newsType,
  summary: news.summary,
  coverPath: news.coverPath,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};

export interface NewsRow {
  id: number;
  title: string;
  newsType: number;
  summary: string | null;
  coverPath: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewsFilter {
  newsType?: number;
  projectId?: number;
}

function publishedWhere(filter: NewsFilter): SQL | undefined {
  return and(
    eq(news.newsState, NEWS_STATUS.PUBLISHED),
    filter.newsType === undefined ? undefined : eq(news.newsType, filter.newsType),
    filter.projectId === undefined ? undefined : eq(news.projectId, filter.projectId),
  );
}

/** One page of published articles, most recently modified first, and the matching total. */
export async function selectPublishedNews(
  db: Db,
  filter: NewsFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: NewsRow[]; total: number }> {
  const where = publishedWhere(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(NEWS_ROW_COLUMNS)
      .from(news)
      .where(where)
      .orderBy(desc(news.updatedAt), desc(news.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The newest published headline articles, at most `limit`. */
export async function selectHeadlines(db: Db, limit: number): Promise<NewsRow[]> {
  return db
    .select(NEWS_ROW_COLUMNS)
    .from(news)
    .where(and(eq(news.isHeadline, true), eq(news.newsState, NEWS_STATUS.PUBLISHED)))
    .orderBy(desc(news.updatedAt), desc(news.id))
    .limit(limit);
}

/** A published article with its body, or undefined. */
export async function selectPublishedArticle(db: Db, id: number) {
  const [row] = await db
    .select({ ...NEWS_ROW_COLUMNS, content: news.content, source: news.source })
    .from(news)
    .where(and(eq(news.id, id), eq(news.newsState, NEWS_STATUS.PUBLISHED)))
    .limit(1);
  return row;
}
