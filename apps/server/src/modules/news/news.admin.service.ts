import { createHash } from 'node:crypto';
import type { AdminNewsSave } from '@portal/shared/schemas/news/admin';
import { NEWS_STATUS } from '@portal/shared/status';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { assertIssuedImage } from '../admin/index';
import { changedFields, recordAudit } from '../audit/index';
import { saveNewsArticle } from './news-write.service';
import { readAuditedFields, readNewsState } from './news.admin.queries';

/**
 * Every field an operator edits, as the audit log keeps it. The body (sanitised HTML, up to
 * 200,000 characters) is kept bounded as its length in characters and the SHA-256 digest (hex) of
 * its UTF-8 text: an entry proves that and when the body changed, and which stored text was
 * there, without copying whole articles into the log.
 */
async function auditSnapshot(db: Db, id: number) {
  const row = await readAuditedFields(db, id);
  if (!row) return undefined;
  const { content, ...fields } = row;
  return {
    ...fields,
    content: {
      length: content.length,
      sha256: createHash('sha256').update(content, 'utf8').digest('hex'),
    },
  };
}

/**
 * Creates (no `id`) or edits an article through the news module's sanitising writer. A new
 * article is a draft unless `publish`; editing keeps the state unless `publish`. A cover must be
 * the article's current one or a picture the console's upload endpoint stored (400 otherwise).
 * Audited: a new article with every field, an edit with each field that changed (the body as
 * its length and digest, see `auditSnapshot`).
 */
export async function saveAdminNews(
  db: Db,
  storage: Pick<ObjectStorage, 'exists'>,
  actorId: number,
  input: AdminNewsSave,
  id?: number,
): Promise<number> {
  const savedId = await db.transaction(async (tx) => {
    const before = id === undefined ? null : await auditSnapshot(tx, id);
    if (id !== undefined && !before) throw new AppError('NOT_FOUND', '文章不存在');
    const cover = input.coverPath || null;
    if (cover && cover !== before?.coverPath) {
      await assertIssuedImage(storage, cover, 'admin/images', '封面图片');
    }
    const state = input.publish ? NEWS_STATUS.PUBLISHED : (before?.newsState ?? NEWS_STATUS.DRAFT);
    const articleId = await saveNewsArticle(
      tx,
      {
        newsType: input.newsType,
        newsState: state as 1 | 3 | 4,
        title: input.title,
        content: input.content,
        summary: input.summary ?? null,
        source: input.source ?? null,
        projectId: input.newsType === 3 ? (input.projectId ?? null) : null,
        isHeadline: input.isHeadline ?? false,
        coverPath: cover,
      },
      id,
    );
    const after = await auditSnapshot(tx, articleId);
    await recordAudit(tx, {
      actorId,
      action: before ? 'news.update' : 'news.create',
      targetType: 'news',
      targetId: articleId,
      ...(before && after ? changedFields(before, after) : { before: null, after }),
    });
    return articleId;
  });
  invalidateProjectReads();
  return savedId;
}

/**
 * Publishes (state 3, public at once) or withdraws (state 4, hidden) an article. The update is
 * conditional on the state changing; publishing stamps `publishedAt` the first time. Audited.
 */
export async function setNewsPublished(
  db: Db,
  actorId: number,
  id: number,
  publish: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readNewsState(tx, id);
    if (!before) throw new AppError('NOT_FOUND', '文章不存在');
    const target = publish ? NEWS_STATUS.PUBLISHED : NEWS_STATUS.WITHDRAWN;
    if (before.newsState === target) {
      throw new AppError('CONFLICT', publish ? '文章已发布' : '文章已撤回');
    }
    const [current] = await tx
      .select({ publishedAt: news.publishedAt })
      .from(news)
      .where(eq(news.id, id));
    await tx
      .update(news)
      .set({
        newsState: target,
        publishedAt: publish ? (current?.publishedAt ?? new Date()) : current?.publishedAt,
      })
      .where(and(eq(news.id, id), eq(news.newsState, before.newsState)));
    await recordAudit(tx, {
      actorId,
      action: publish ? 'news.publish' : 'news.withdraw',
      targetType: 'news',
      targetId: id,
      before: { newsState: before.newsState },
      after: { newsState: target },
    });
  });
  invalidateProjectReads();
}
