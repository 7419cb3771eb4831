import {
  MAX_SUBSCRIPTIONS,
  SUBSCRIPTION_TOPIC_LABEL,
  type ProjectTopic,
  type SearchScope,
} from '@portal/shared/constants/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isPublishedProject } from '../projects/index';
import { normaliseSearchQuery } from './saved-search';
import {
  findSavedSearchId,
  findSubscription,
  projectTopicsOf,
  subscriptionCount,
  toSubscription,
} from './subscriptions.queries';

async function ensureRoom(db: Db, userId: number, adding: number): Promise<void> {
  if ((await subscriptionCount(db, userId)) + adding > MAX_SUBSCRIPTIONS)
    throw new AppError('VALIDATION_FAILED', `订阅最多${MAX_SUBSCRIPTIONS}个，请先取消不需要的订阅`);
}

/**
 * Sets the caller's topics on a published project to exactly `topics` (the 订阅 dialog's
 * choices): adds the new ones, removes the unticked ones. 404 for a project the public cannot see.
 */
export async function setProjectTopics(
  db: Db,
  userId: number,
  projectId: number,
  topics: readonly ProjectTopic[],
  now = new Date(),
): Promise<ProjectTopic[]> {
  if (!(await isPublishedProject(db, projectId)))
    throw new AppError('NOT_FOUND', '楼盘不存在或已下架');
  const current = await projectTopicsOf(db, userId, projectId);
  const adding = topics.filter((topic) => !current.includes(topic));
  const removing = current.filter((topic) => !topics.includes(topic));
  if (adding.length > 0) await ensureRoom(db, userId, adding.length);
  await db.transaction(async (tx) => {
    if (removing.length > 0)
      await tx
        .delete(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.projectId, projectId),
            inArray(subscriptions.topic, removing),
          ),
        );
    if (adding.length > 0)
      await tx
        .insert(subscriptions)
        .values(
          adding.map((topic) => ({ userId, projectId, topic, lastCheckedAt: now, createdAt: now })),
        )
        .onConflictDoNothing();
  });
  return projectTopicsOf(db, userId, projectId);
}

/** Saves a search of /newHouse or /secondhandhouse; saving the same filters again keeps one. */
export async function saveSearch(
  db: Db,
  userId: number,
  scope: SearchScope,
  rawQuery: string,
  now = new Date(),
): Promise<number> {
  const query = normaliseSearchQuery(scope, rawQuery);
  const existing = await findSavedSearchId(db, userId, scope, query);
  if (existing !== undefined) return existing;
  await ensureRoom(db, userId, 1);
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, topic: 'search', scope, query, lastCheckedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (row) return row.id;
  const again = await findSavedSearchId(db, userId, scope, query);
  if (again === undefined) throw new AppError('CONFLICT');
  return again;
}

/** Removes one of the caller's subscriptions; 404 for someone else's or a missing one. */
export async function cancelSubscription(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .returning({ id: subscriptions.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', '订阅不存在或已取消');
}

/**
 * Removes the subscription an unsubscribe link names, without a session (the link's signature
 * was checked by the caller). Answers what was cancelled; a second use answers 404.
 */
export async function unsubscribeById(
  db: Db,
  id: number,
): Promise<{ title: string; topic: string }> {
  const row = await findSubscription(db, id);
  if (!row) throw new AppError('NOT_FOUND', '该订阅已取消');
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
  const dto = toSubscription(row);
  return { title: dto.title, topic: SUBSCRIPTION_TOPIC_LABEL[dto.topic] };
}
