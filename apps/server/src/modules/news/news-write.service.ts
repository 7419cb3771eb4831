import { NEWS_STATUS } from '@portal/shared/status';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { sanitizeNewsHtml } from './news-html';

/** What an operator writes for an article; `content` is HTML from the rich-text editor. */
export interface NewsDraft {
  newsType: 1 | 2 | 3;
  /** 1 draft, 2 pending review, 3 published, 4 withdrawn. */
  newsState: 1 | 2 | 3 | 4;
  title: string;
  content: string;
  summary?: string | null;
  source?: string | null;
  projectId?: number | null;
  isHeadline?: boolean;
  coverPath?: string | null;
}

function toRow(draft: NewsDraft) {
  const content = sanitizeNewsHtml(draft.content);
  if (!content.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(content)) {
    throw new AppError('VALIDATION_FAILED', '文章内容不能为空');
  }
  return { ...draft, title: draft.title.trim(), content };
}

/**
 * Stores a new article or replaces an existing one (`id`), always with its HTML sanitised first
 * (scripts, event handlers and `javascript:` URLs never reach the database). Publishing sets
 * `publishedAt` the first time. Answers the article id; an unknown `id` answers 404.
 */
export async function saveNewsArticle(db: Db, draft: NewsDraft, id?: number): Promise<number> {
  const row = toRow(draft);
  const publishedAt = draft.newsState === NEWS_STATUS.PUBLISHED ? new Date() : null;
  if (id === undefined) {
    const [inserted] = await db
      .insert(news)
      .values({ ...row, publishedAt })
      .returning({ id: news.id });
    return inserted?.id as number;
  }
  const [existing] = await db
    .select({ publishedAt: news.publishedAt })
    .from(news)
    .where(eq(news.id, id));
  if (!existing) throw new AppError('NOT_FOUND', '文章不存在');
  await db
    .update(news)
    .set({ ...row, publishedAt: existing.publishedAt ?? publishedAt })
    .where(eq(news.id, id));
  return id;
}
