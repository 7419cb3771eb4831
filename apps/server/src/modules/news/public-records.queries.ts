import { NEWS_STATUS } from '@portal/shared/status';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/index';

/*
 * The published articles as the page heads and the sitemap see them (modules/seo): the news
 * module says which articles are public, the pages only describe them.
 */

/** What a published article's page head says of it; null when it is missing or unpublished. */
export async function findPublishedArticleHead(db: Db, id: number) {
  const [row] = await db
    .select({
      title: news.title,
      summary: news.summary,
      content: news.content,
      coverPath: news.coverPath,
      source: news.source,
      publishedAt: news.publishedAt,
      updatedAt: news.updatedAt,
    })
    .from(news)
    .where(and(eq(news.id, id), eq(news.newsState, NEWS_STATUS.PUBLISHED)));
  return row ?? null;
}

/** Every published article with its last change, by id. */
export async function listPublishedArticleStamps(
  db: Db,
): Promise<Array<{ id: number; updatedAt: Date }>> {
  return db
    .select({ id: news.id, updatedAt: news.updatedAt })
    .from(news)
    .where(eq(news.newsState, NEWS_STATUS.PUBLISHED))
    .orderBy(asc(news.id));
}
