import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * Buyers' subscriptions (docs/product/subscriptions.md, docs/decisions/0042-subscriptions.md).
 * A project topic (`opening`, `price`, `licence`) names the project; a saved search (`search`)
 * names its list page (`scope`: newHouse or secondhandhouse) and URL query, and remembers when it
 * was last checked: what was published after that is new.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    scope: text('scope'),
    query: text('query'),
    lastCheckedAt: timestampTz('last_checked_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_project_topic_uq')
      .on(t.userId, t.projectId, t.topic)
      .where(sql`${t.projectId} is not null`),
    uniqueIndex('subscriptions_user_search_uq')
      .on(t.userId, t.scope, t.query)
      .where(sql`${t.scope} is not null`),
    index('subscriptions_project_topic_idx').on(t.projectId, t.topic),
    index('subscriptions_search_checked_idx')
      .on(t.lastCheckedAt)
      .where(sql`${t.topic} = 'search'`),
    check(
      'subscriptions_topic_check',
      sql`(${t.topic} in ('opening', 'price', 'licence') and ${t.projectId} is not null and ${t.scope} is null)
        or (${t.topic} = 'search' and ${t.projectId} is null and ${t.scope} in ('newHouse', 'secondhandhouse') and ${t.query} is not null)`,
    ),
  ],
);

/**
 * Something a project's subscribers must hear of, written by database triggers in the writer's
 * transaction (a room turning green, a price change of 1 % or more, a licence assigned to a
 * building) — only while someone subscribes to that project and topic, and at most one waiting
 * event per project, topic and building. The delivery job turns each into deliveries once.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id'),
    topic: text('topic').notNull(),
    /** What happened, in words, without the project's name. */
    detail: text('detail').notNull(),
    createdAt: createdAt(),
    processedAt: timestampTz('processed_at'),
  },
  (t) => [
    index('subscription_events_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * One thing told to one subscriber: its notice in 我的消息 (written with the row) and its SMS.
 * `event_key` names what was told (`event:<id>`, `project:<id>`, `listing:<id>`); with the
 * subscription it is unique, so nothing is told twice. `sms_status`: pending (waits for
 * `sms_due_at`), sent, capped (the day's 3 were used), none (no phone) or failed.
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    id: idColumn(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    content: text('content').notNull(),
    noticeId: integer('notice_id'),
    smsStatus: text('sms_status').notNull().default('pending'),
    smsDueAt: timestampTz('sms_due_at').notNull(),
    smsText: text('sms_text'),
    smsPhone: text('sms_phone'),
    smsSentAt: timestampTz('sms_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_deliveries_once_uq').on(t.subscriptionId, t.eventKey),
    index('subscription_deliveries_sms_due_idx')
      .on(t.smsDueAt)
      .where(sql`${t.smsStatus} = 'pending'`),
    index('subscription_deliveries_user_sent_idx').on(t.userId, t.smsSentAt),
    check(
      'subscription_deliveries_sms_status_check',
      sql`${t.smsStatus} in ('pending', 'sent', 'capped', 'none', 'failed')`,
    ),
  ],
);
