import {
  MAX_SUBSCRIPTIONS,
  PROJECT_TOPICS,
  SUBSCRIPTION_TOPIC_LABEL,
  type ProjectTopic,
  type SearchScope,
} from '@portal/shared/constants/subscriptions';
import type { Subscription } from '@portal/shared/schemas/subscriptions';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects, subscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { PUBLISHED } from '../projects/index';
import { describeSearch, normaliseSearchQuery } from './saved-search';

/** The caller's topics on one project, in the order of PROJECT_TOPICS. */
export async function projectTopicsOf(
  db: Db,
  userId: number,
  projectId: number,
): Promise<ProjectTopic[]> {
  const rows = await db
    .select({ topic: subscriptions.topic })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.projectId, projectId)));
  const have = new Set(rows.map((row) => row.topic));
  return PROJECT_TOPICS.filter((topic) => have.has(topic));
}

async function ensureRoom(db: Db, userId: number, adding: number): Promise<void> {
  const [row] = await db
    .select({ value: count() })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if ((row?.value ?? 0) + adding > MAX_SUBSCRIPTIONS)
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
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.publishStatus, PUBLISHED)));
  if (!project) throw new AppError('NOT_FOUND', '楼盘不存在或已下架');
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
  const [existing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.scope, scope),
        eq(subscriptions.query, query),
      ),
    );
  if (existing) return existing.id;
  await ensureRoom(db, userId, 1);
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, topic: 'search', scope, query, lastCheckedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (row) return row.id;
  const [again] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.scope, scope),
        eq(subscriptions.query, query),
      ),
    );
  if (!again) throw new AppError('CONFLICT');
  return again.id;
}

/** Subscriptions with their project's name, for the caller to narrow down. */
function subscriptionRows(db: Db) {
  return db
    .select({
      id: subscriptions.id,
      topic: subscriptions.topic,
      projectId: subscriptions.projectId,
      projectName: projects.publishName,
      scope: subscriptions.scope,
      query: subscriptions.query,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .leftJoin(projects, eq(projects.id, subscriptions.projectId));
}

/** The caller's subscriptions, newest first (/mySubscriptions). */
export async function listSubscriptions(db: Db, userId: number): Promise<Subscription[]> {
  const rows = await subscriptionRows(db)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map((row) => toSubscription(row));
}

interface SubscriptionRow {
  id: number;
  topic: string;
  projectId: number | null;
  projectName: string | null;
  scope: string | null;
  query: string | null;
  createdAt: Date;
}

function toSubscription(row: SubscriptionRow): Subscription {
  const scope = row.scope === 'newHouse' || row.scope === 'secondhandhouse' ? row.scope : null;
  const topic = (
    row.topic in SUBSCRIPTION_TOPIC_LABEL ? row.topic : 'search'
  ) as Subscription['topic'];
  return {
    id: row.id,
    topic,
    projectId: row.projectId,
    projectName: row.projectName,
    scope,
    query: row.query,
    title: scope ? describeSearch(scope, row.query ?? '') : (row.projectName ?? ''),
    createdTime: row.createdAt.toISOString(),
  };
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
  const [row] = await subscriptionRows(db).where(eq(subscriptions.id, id));
  if (!row) throw new AppError('NOT_FOUND', '该订阅已取消');
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
  const dto = toSubscription(row);
  return { title: dto.title, topic: SUBSCRIPTION_TOPIC_LABEL[dto.topic] };
}
