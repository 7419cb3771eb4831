import { z } from 'zod';
import { NEWS_LIMITS } from '../constants/news';
import { pagingQuery } from './common';

/** A news type query value: 1 政策公示, 2 房产资讯, 3 楼盘动态 (docs/product/content.md). */
export const newsTypeSchema = z.coerce.number().int().min(1).max(3);

/** `GET /api/news`: published articles, newest first; `newsType` empty means all types. */
export const newsListQuerySchema = pagingQuery(NEWS_LIMITS.listPageSize, 50).extend({
  newsType: z
    .union([z.literal(''), newsTypeSchema])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  projectId: z.coerce.number().int().positive().optional(),
});

export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

/** One row of a news list. Times are ISO instants. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  newsType: z.number().int(),
  summary: z.string().nullable(),
  createdTime: z.string(),
  modifiedTime: z.string(),
  /** The cover first, as `{ path }` under the uploads root (docs/product/content.md). */
  attachments: z.array(z.object({ path: z.string() })),
});

export type NewsItem = z.infer<typeof newsItemSchema>;

/** `GET /api/news/:id`: the article with its sanitised HTML and the caller's favourite flag. */
export const newsDetailSchema = newsItemSchema.extend({
  content: z.string(),
  source: z.string().nullable(),
  /** True when the signed-in caller has favourited it; false for visitors. */
  collected: z.boolean(),
});

export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const newsIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
