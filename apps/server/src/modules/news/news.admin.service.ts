import { createHash } from 'node:crypto';
import type { AdminNewsSave } from '@portal/shared/schemas/admin';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { saveNewsArticle } from '../news/news-write.service';
import { invalidateProjectReads } from '../projects/read-cache';
import { changedFields, recordAudit } from './audit';
import { assertIssuedImage } from './issued-uploads';

/** news_state: 1 draft, 3 published, 4 withdrawn. */
const STATE = { draft: 1, published: 3, withdrawn: 4 } as const;

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

/** The state of an article, for publish and withdraw. */
async function stateOf(db: Db, id: number) {
  const [row] = await db.select({ newsState: news.newsState }).from(news).where(eq(news.id, id));
  return row;
}

/**
 * Every field an operator edits, as the audit log keeps it. The body (sanitised HTML, up to
 * 200,000 characters) is kept bounded as its length in characters and the SHA-256 digest (hex) of
 * its UTF-8 text: an entry proves that and when the body changed, and which stored text was
 * there, without copying whole articles into the log.
 */
async function auditSnapshot(db: Db, id: number) {
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
    const state = input.publish ? STATE.published : (before?.newsState ?? STATE.draft);
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
    const before = await stateOf(tx, id);
    if (!before) throw new AppError('NOT_FOUND', '文章不存在');
    const target = publish ? STATE.published : STATE.withdrawn;
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
