import { z } from 'zod';
import { pagingQuery } from '../common';
import { ADMIN_PAGE_SIZE, queryInt, queryText } from '../common/admin';

// The operator console's news and policy articles (`/api/admin/news`).

/** Operator news list filters. */
export const adminNewsQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  keyword: queryText,
  newsType: queryInt,
  newsState: queryInt,
});

export const adminNewsRowSchema = z.object({
  id: z.number().int(),
  newsType: z.number().int(),
  newsState: z.number().int(),
  title: z.string(),
  source: z.string().nullable(),
  isHeadline: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminNewsRow = z.infer<typeof adminNewsRowSchema>;

export const adminNewsDetailSchema = adminNewsRowSchema.extend({
  content: z.string(),
  summary: z.string().nullable(),
  projectId: z.number().int().nullable(),
  coverPath: z.string().nullable(),
});
export type AdminNewsDetail = z.infer<typeof adminNewsDetailSchema>;

/** Create or edit an article; new articles start as drafts, `publish` makes them public at once. */
export const adminNewsSaveSchema = z.object({
  newsType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string().trim().min(1, '请输入标题').max(100, '标题不能超过100个字'),
  content: z.string().min(1, '请输入文章内容').max(200_000, '文章内容过长'),
  summary: z.string().trim().max(300).nullish(),
  source: z.string().trim().max(50).nullish(),
  projectId: z.number().int().positive().nullish(),
  isHeadline: z.boolean().optional(),
  coverPath: z.string().max(300).nullish(),
  publish: z.boolean().optional(),
});
export type AdminNewsSave = z.infer<typeof adminNewsSaveSchema>;
