import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns';
import { projects } from './projects';
import { users } from './users';

/** The single site-configuration row (id 1) driving title, meta tags and footer (docs/product/content.md). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    title: text('title').notNull(),
    /** Logo picture, path under the uploads root. */
    logo: text('logo'),
    keywords: text('keywords'),
    description: text('description'),
    /** Record-filing number shown in the footer. */
    icp: text('icp'),
    copyright: text('copyright'),
    website: text('website'),
    /** The city the site serves, e.g. 秦皇岛市: part of every page title and the header. */
    cityName: text('city_name'),
    /** The operating authority's full name (主办单位), shown in the header and footer. */
    authority: text('authority'),
    /** ICP filing lookup address (defaults to beian.miit.gov.cn). */
    icpLink: text('icp_link'),
    /** 公安机关互联网站安全备案 number and its lookup address. */
    psbNumber: text('psb_number'),
    psbLink: text('psb_link'),
    /** Service hotline shown in the footer. */
    hotline: text('hotline'),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

/** Trade-in (以旧换新) merchants: home decoration, appliances and building materials. */
export const merchants = pgTable('merchants', {
  id: idColumn(),
  /** Picture, path under the uploads root (imgurl). */
  imagePath: text('image_path').notNull(),
  title: text('title').notNull(),
  address: text('address').notNull(),
  /** 经营范围 (text2). */
  businessArea: text('business_area').notNull(),
  /** Contact (text3), not shown publicly. */
  contact: text('contact'),
  /** 家装 / 家电 / 建材. */
  category: text('category'),
  sort: smallint('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** Group-buy sign-ups (docs/product/new-build.md); the quota of 10 counts these rows. */
export const groupBuySignups = pgTable(
  'group_buy_signups',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    tel: text('tel').notNull(),
    /** Building (楼栋), unit (单元) and room number (户号) as typed, all optional. */
    buildingName: text('building_name'),
    unitName: text('unit_name'),
    roomNumber: text('room_number'),
    createdAt: createdAt(),
  },
  (t) => [index('group_buy_signups_project_idx').on(t.projectId, t.createdAt)],
);
