import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const rowColumns = {
  id: news.id,
  newsType: news.newsType,
  newsState: news.newsState,
  title: news.title,
  source: news.source,
  isHeadline: news.isHeadline,
  publishedAt: news.publishedAt,
  updatedAt: news.updatedAt,
};

function toRow<T extends { publishedAt: Date | null; updatedAt: Date }>(row: T) {
  return {
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every article whatever its state, newest change first, for the console. */
export async function listAdminNews(
  db: Db,
  query: {
    keyword?: string;
    newsType?: number;
    newsState?: number;
    pageNum: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  if (query.keyword)
    conditions.push(ilike(news.title, `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`));
  if (query.newsType) conditions.push(eq(news.newsType, query.newsType));
  if (query.newsState) conditions.push(eq(news.newsState, query.newsState));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(news)
      .where(where)
      .orderBy(desc(news.updatedAt), desc(news.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(news).where(where),
  ]);
  return {
    list: rows.map(toRow),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** One article with its (already sanitised) content, any state. */
export async function getAdminNews(db: Db, id: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      content: news.content,
      summary: news.summary,
      projectId: news.projectId,
      coverPath: news.coverPath,
    })
    .from(news)
    .where(eq(news.id, id));
  if (!row) throw new AppError('NOT_FOUND', '文章不存在');
  return toRow(row);
}

/** The state of an article (`news.news_state`), or undefined when there is none. */
export async function readNewsState(db: Db, id: number) {
  const [row] = await db.select({ newsState: news.newsState }).from(news).where(eq(news.id, id));
  return row;
}

/** The fields of an article its audit entries record (`news.admin.service.ts`), or undefined. */
export async function readAuditedFields(db: Db, id: number) {
  const [row] = await db
    .select({
      newsType: news.newsType,
      newsState: news.newsState,
      title: news.title,
      content: news.content,
      summary: news.summary,
      source: news.source,
      projectId: news.projectId,
      isHeadline: news.isHeadline,
      coverPath: news.coverPath,
    })
    .from(news)
    .where(eq(news.id, id));
  return row;
}
