import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { areaM2, createdAt, idColumn, timestampTz, updatedAt } from './columns';
import { districts } from './projects';
import { users } from './users';

/** Favourites (收藏) of projects and news; business_type PROJECT or NEWS. */
export const favourites = pgTable(
  'favourites',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessType: text('business_type').notNull(),
    businessId: integer('business_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('favourites_user_business_uq').on(t.userId, t.businessType, t.businessId),
    index('favourites_user_type_created_idx').on(t.userId, t.businessType, t.createdAt),
    check(
      'favourites_business_type_check',
      sql`${t.businessType} in ('PROJECT', 'NEWS', 'LISTING')`,
    ),
  ],
);

/** Personal notices (我的消息). biz_type: order, second_house, feedback or system. */
export const notices = pgTable(
  'notices',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    bizType: text('biz_type').notNull().default('system'),
    bizId: integer('biz_id'),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Feedback and questions (我要提问 / 建议反馈). state: pending (待处理) or replied. The captcha of
 * the form is checked, never stored. Content and reply are sanitised HTML.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realname: text('realname').notNull(),
    phone: text('phone').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    state: text('state').notNull().default('pending'),
    reply: text('reply'),
    replyTime: timestampTz('reply_time'),
    replierId: integer('replier_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_user_created_idx').on(t.userId, t.createdAt),
    index('feedback_state_idx').on(t.state, t.createdAt),
    check('feedback_state_check', sql`${t.state} in ('pending', 'replied')`),
  ],
);

/**
 * A user's stated demand that drives 推荐楼盘. Prices yuan/㎡, areas ㎡; null bounds are open.
 */
export const recommendDemands = pgTable('recommend_demands', {
  id: idColumn(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  districtCode: text('district_code').references(() => districts.code),
  /** Bedrooms (室). */
  bedroom: smallint('bedroom'),
  /** Living rooms (厅). */
  hall: smallint('hall'),
  priceMin: integer('price_min'),
  priceMax: integer('price_max'),
  areaMin: areaM2('area_min'),
  areaMax: areaM2('area_max'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
