import { z } from 'zod';
import { CHAT_REPORT_LIMITS, CHAT_REPORT_STATUS, CHAT_REPORT_STATUSES } from '../../constants/chat';
import { chatListingSchema } from '../chat';
import { pagingQuery } from '../common';

// The operator console's 房聊 reports (`/api/admin/chat`).

/** `GET /api/admin/chat/reports`: conversation reports of one status, oldest open first. */
export const adminChatReportQuerySchema = pagingQuery(20, 100).extend({
  status: z.enum(CHAT_REPORT_STATUSES).default(CHAT_REPORT_STATUS.OPEN),
});

const participantSchema = z.object({ id: z.number().int(), name: z.string() });

/** One report of a 房聊 conversation, as the operator reads it. */
export const adminChatReportSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(CHAT_REPORT_STATUSES),
  reporter: participantSchema,
  reported: participantSchema,
  listing: chatListingSchema.nullable(),
  createdAt: z.string(),
  outcomeNote: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type AdminChatReport = z.infer<typeof adminChatReportSchema>;

/** The operator's decision on a reported conversation; upholding closes it and needs a note. */
export const adminChatDecisionSchema = z
  .object({
    decision: z.enum(['dismiss', 'uphold']),
    note: z
      .string()
      .trim()
      .max(CHAT_REPORT_LIMITS.noteMax, `说明不能超过${CHAT_REPORT_LIMITS.noteMax}个字`)
      .default(''),
  })
  .refine((body) => body.decision === 'dismiss' || body.note.length > 0, {
    message: '请输入说明',
    path: ['note'],
  });
export type AdminChatDecision = z.infer<typeof adminChatDecisionSchema>;
