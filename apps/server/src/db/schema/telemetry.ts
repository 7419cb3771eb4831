import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Real visits' figures (LCP, INP, CLS) as counts per Beijing day, page type, metric, device
 * class and value bucket (docs/decisions/0060-real-visit-figures.md). No row names a visitor,
 * an address or a URL; a flood of reports only raises counts, and the record sweeper deletes
 * the days past the window.
 */
export const webVitalCounts = pgTable(
  'web_vital_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** The page's route path (`/houseHome`), never its address with the query. */
    pageType: text('page_type').notNull(),
    metric: text('metric').notNull(),
    device: text('device').notNull(),
    /** The bucket's upper edge: ms for LCP and INP, thousandths for CLS. */
    bucket: integer('bucket').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(1),
  },
  // The key leads with the day, so the sweeper's delete of past days uses it.
  (t) => [
    primaryKey({ columns: [t.day, t.pageType, t.metric, t.device, t.bucket] }),
    check('web_vital_counts_metric_check', sql`${t.metric} in ('LCP', 'INP', 'CLS')`),
    check('web_vital_counts_device_check', sql`${t.device} in ('phone', 'tablet', 'desktop')`),
  ],
);
