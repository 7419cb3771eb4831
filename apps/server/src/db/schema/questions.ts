import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  date,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz } from './columns';
import { users } from './users';

/**
 * 问答 on a project (target_type `project`) or a listing (`listing`): a signed-in citizen asks,
 * the listing's owner or an operator answering for the developer answers once, operators hide
 * either part after a report (docs/product/questions.md). No foreign key on target_id: it points
 * into one of two tables.
 */
export const questions = pgTable(
  'questions',
  {
    id: idColumn(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** 业主 / 开发企业 / 平台: who the answer was given as, shown beside it. */
    answeredAs: text('answered_as'),
    answeredAt: timestampTz('answered_at'),
    reportCount: smallint('report_count').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('questions_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('questions_reported_idx')
      .on(t.reportCount)
      .where(sql`${t.reportCount} > 0 and not ${t.isHidden}`),
    check('questions_target_type_check', sql`${t.targetType} in ('project', 'listing')`),
  ],
);

/**
 * Page views counted once per visitor per day (docs/product/activity-figures.md): a visitor is the
 * signed-in user, otherwise a hash of the address and browser; crawlers are never written.
 * The 30-day view figure counts these rows.
 */
export const dailyViews = pgTable(
  'daily_views',
  {
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    visitorKey: text('visitor_key').notNull(),
    /** The visit's day in Beijing time. */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId, t.day, t.visitorKey] }),
    check('daily_views_target_type_check', sql`${t.targetType} in ('project', 'listing')`),
  ],
);
