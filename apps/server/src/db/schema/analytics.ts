import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { areaM2, createdAt, idColumn } from './columns';
import { districts } from './projects';

/**
 * Housing-demand questionnaires shown on /dataanalysis (totals computed, docs/product/content.md).
 * intent_type 购买 or 租赁; price and area are the chosen bands as labelled.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: idColumn(),
    name: text('name').notNull(),
    jobAddr: text('job_addr'),
    intentAddr: text('intent_addr'),
    intentType: text('intent_type').notNull(),
    /** e.g. 两室一厅. */
    intentHouseModel: text('intent_house_model'),
    /** Band label, e.g. 6000-8000元/㎡ (buy) or 1000-2000元/月 (rent). */
    intentPrice: text('intent_price'),
    /** Band label, e.g. 90-120㎡. */
    intentArea: text('intent_area'),
    districtCode: text('district_code').references(() => districts.code),
    createdAt: createdAt(),
  },
  (t) => [index('questionnaires_district_created_idx').on(t.districtCode, t.createdAt)],
);

/**
 * Monthly deal statistics per district. kind: new (新房), second_hand (二手房), rent (租赁).
 * deal_total_price yuan (sum; rent: monthly rent sum); deal_current_price average yuan/㎡
 * (rent: yuan per month per deal); deal_area ㎡.
 */
export const dealStats = pgTable(
  'deal_stats',
  {
    id: idColumn(),
    /** First day of the month. */
    statMonth: date('stat_month', { mode: 'string' }).notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    kind: text('kind').notNull(),
    dealCount: integer('deal_count').notNull(),
    dealArea: areaM2('deal_area').notNull(),
    dealTotalPrice: bigint('deal_total_price', { mode: 'number' }).notNull(),
    dealCurrentPrice: integer('deal_current_price').notNull(),
  },
  (t) => [
    unique('deal_stats_month_district_kind_uq').on(t.statMonth, t.districtCode, t.kind),
    index('deal_stats_kind_month_idx').on(t.kind, t.statMonth),
    check('deal_stats_kind_check', sql`${t.kind} in ('new', 'second_hand', 'rent')`),
  ],
);
