import { z } from 'zod';
import { pagedOf, pagingQuery } from './common';

/** Notices per page on /myNotice (docs/product/content.md). */
export const NOTICE_PAGE_SIZE = 10;

/** `GET /api/notices`: the caller's notices, newest first. */
export const noticeListQuerySchema = pagingQuery(NOTICE_PAGE_SIZE, 50);

export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

/** One notice (docs/product/content.md): bizType order, second_house, feedback or system; bizId the object's id. */
export const noticeSchema = z.object({
  id: z.number().int(),
  noticeContent: z.string(),
  createdTime: z.string(),
  bizType: z.string(),
  bizId: z.number().int().nullable(),
  read: z.boolean(),
});

export type Notice = z.infer<typeof noticeSchema>;

export const noticePageSchema = pagedOf(noticeSchema);

export type NoticePage = z.infer<typeof noticePageSchema>;

/** Path parameter of one notice. */
export const noticeIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Unread notices of the caller (badge). */
export const noticeUnreadSchema = z.object({ count: z.number().int() });
