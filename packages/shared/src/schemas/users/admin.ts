import { z } from 'zod';
import { pagingQuery } from '../common';
import { ADMIN_PAGE_SIZE, queryDate, queryText } from '../common/admin';

// The operator console's citizens' accounts (`/api/admin/users`).

/** Operator user search. */
export const adminUserQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  /** Phone, nickname or real name. */
  keyword: queryText,
  role: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['user', 'admin']).optional()),
  /** Registered on or after this Beijing day. */
  createdFrom: queryDate,
  /** Registered on or before this Beijing day. */
  createdTo: queryDate,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  realName: z.string().nullable(),
  idCard: z.string().nullable(),
  realNameAuth: z.boolean(),
  role: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** Mark a user real-name verified (standing in for the mini-program). */
export const adminRealnameSchema = z.object({
  realName: z
    .string()
    .trim()
    .min(2, '请输入真实姓名')
    .max(30)
    .regex(/^[\u4e00-\u9fa5·]+$/, '姓名只能包含汉字'),
  idCard: z.string().trim().toUpperCase(),
});
export type AdminRealname = z.infer<typeof adminRealnameSchema>;
