import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampTz } from './columns';

/**
 * Price history (调价记录): one row for every change of a project's 平台价 (yuan/㎡), a room's
 * unit price (yuan/㎡) or a second-hand listing's price (a sale's total in yuan, a rent in
 * yuan/month). Rows are written only by the database function `record_price_change()`, fired by
 * triggers on the three tables, so no code path can change a price without leaving its row
 * (docs/decisions/0037-price-history.md). `source` says who changed it: `console` (an operator),
 * `owner` (the listing's owner), `import` (a bulk load), `seed` (demo data) or `database` (any
 * other writer that did not name itself).
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: idColumn(),
    /** project, room or listing. */
    subjectKind: text('subject_kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    oldPrice: integer('old_price').notNull(),
    newPrice: integer('new_price').notNull(),
    changedAt: timestampTz('changed_at').notNull().defaultNow(),
    source: text('source').notNull(),
  },
  (t) => [
    index('price_changes_subject_idx').on(t.subjectKind, t.subjectId, t.changedAt),
    check(
      'price_changes_subject_kind_check',
      sql`${t.subjectKind} in ('project', 'room', 'listing')`,
    ),
  ],
);
