import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz, updatedAt } from './columns';
import { projects } from './projects';

/**
 * News and policy articles. news_type (docs/product/content.md): 1 政策公示, 2 房产资讯, 3 楼盘动态 (tied to a
 * project). news_state: 1 draft, 2 pending review, 3 published, 4 withdrawn.
 */
export const news = pgTable(
  'news',
  {
    id: idColumn(),
    newsType: smallint('news_type').notNull(),
    newsState: smallint('news_state').notNull().default(1),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    summary: text('summary'),
    /** Source line, e.g. 市住房和城乡建设局. */
    source: text('source'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Shown in the home headline carousel (with its cover). */
    isHeadline: boolean('is_headline').notNull().default(false),
    /** Cover picture, path under the uploads root. */
    coverPath: text('cover_path'),
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: timestampTz('published_at'),
    createdAt: createdAt(),
    /** modifiedTime of the API. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_type_state_time_idx').on(t.newsType, t.newsState, t.updatedAt),
    index('news_project_idx').on(t.projectId, t.updatedAt),
    index('news_headline_idx')
      .on(t.updatedAt)
      .where(sql`${t.isHeadline} and ${t.newsState} = 3`),
    check('news_type_check', sql`${t.newsType} in (1, 2, 3)`),
    check('news_state_check', sql`${t.newsState} between 1 and 4`),
  ],
);

/** Home-page banner carousel and ad content (广告内容). */
export const banners = pgTable(
  'banners',
  {
    id: idColumn(),
    title: text('title').notNull(),
    /** Picture, path under the uploads root. */
    imagePath: text('image_path').notNull(),
    /** Site path or absolute URL opened on click; null for none. */
    link: text('link'),
    /** home_banner (top carousel) or ad (ad content list). */
    position: text('position').notNull().default('home_banner'),
    sort: smallint('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('banners_position_idx').on(t.position, t.enabled, t.sort)],
);
