import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, timestampTz } from './columns';
import { users } from './users';

/**
 * Browsing history (浏览记录): the projects and listings a signed-in user opened, one row per
 * thing with the latest view time; the history service keeps the newest 50 per user.
 */
export const browsingHistory = pgTable(
  'browsing_history',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PROJECT or LISTING. */
    businessType: text('business_type').notNull(),
    businessId: integer('business_id').notNull(),
    viewedAt: timestampTz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    unique('browsing_history_user_business_uq').on(t.userId, t.businessType, t.businessId),
    index('browsing_history_user_viewed_idx').on(t.userId, t.viewedAt),
    check('browsing_history_business_type_check', sql`${t.businessType} in ('PROJECT', 'LISTING')`),
  ],
);
