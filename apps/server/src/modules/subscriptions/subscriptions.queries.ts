import {
  PROJECT_TOPICS,
  SUBSCRIPTION_TOPIC_LABEL,
  type ProjectTopic,
} from '@portal/shared/constants/subscriptions';
import type { Subscription } from '@portal/shared/schemas/subscriptions';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionDeliveries, subscriptions } from '../../db/schema/index';
import { projects } from '../projects/tables';
import { describeSearch } from './saved-search';

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

/** How many subscriptions a user has (all kinds). */
export async function subscriptionCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.value ?? 0;
}

/** The id of a user's saved search of these (normalised) filters, if saved. */
export async function findSavedSearchId(
  db: Db,
  userId: number,
  scope: string,
  query: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.scope, scope),
        eq(subscriptions.query, query),
      ),
    );
  return row?.id;
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

export function toSubscription(row: SubscriptionRow): Subscription {
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

/** One subscription with its project's name, whoever's it is (the unsubscribe link). */
export async function findSubscription(db: Db, id: number) {
  const [row] = await subscriptionRows(db).where(eq(subscriptions.id, id));
  return row;
}

/** Subscription SMS sent to one phone, newest first: the simulator's outbox of notices. */
export async function listSentSubscriptionSms(db: Db, phone: string | undefined, limit = 50) {
  const D = subscriptionDeliveries;
  const rows = await db
    .select({ phone: D.smsPhone, text: D.smsText, sentAt: D.smsSentAt })
    .from(D)
    .where(and(eq(D.smsStatus, 'sent'), phone ? eq(D.smsPhone, phone) : sql`true`))
    .orderBy(sql`${D.smsSentAt} desc`, sql`${D.id} desc`)
    .limit(limit);
  return rows.map((row) => ({
    phone: row.phone ?? '',
    text: row.text ?? '',
    sentAt: row.sentAt?.toISOString() ?? '',
  }));
}
