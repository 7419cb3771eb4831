import { z } from 'zod';
import { FEEDBACK_STATUS } from '../../status/feedback';
import { pagingQuery } from '../common';
import { ADMIN_PAGE_SIZE } from '../common/admin';
import { feedbackStateSchema } from '../feedback';

// The operator console's feedback replies (`/api/admin/feedback`).

/** Operator feedback queue: pending (待处理) first by default. */
export const adminFeedbackQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  state: feedbackStateSchema.default(FEEDBACK_STATUS.PENDING),
});

export const adminFeedbackRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realname: z.string(),
  phone: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  state: feedbackStateSchema,
  createdTime: z.string(),
  /** Sanitised HTML, null until replied. */
  reply: z.string().nullable(),
  replyTime: z.string().nullable(),
});
export type AdminFeedbackRow = z.infer<typeof adminFeedbackRowSchema>;

/** The operator's reply: rich text, sanitised on the server. */
export const adminFeedbackReplySchema = z.object({
  html: z.string().min(1, '请输入回复内容').max(20_000, '回复内容过长'),
});
