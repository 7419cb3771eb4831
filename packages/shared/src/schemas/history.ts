import { z } from 'zod';

/** What a browsing-history entry (浏览记录) points at. */
export const HISTORY_BUSINESS_TYPES = ['PROJECT', 'LISTING'] as const;
export type HistoryBusinessType = (typeof HISTORY_BUSINESS_TYPES)[number];

/** A signed-in user keeps the last 50 things viewed; older entries are dropped. */
export const HISTORY_LIMIT = 50;

/** `POST /api/history`: records that the caller opened a project or listing detail page. */
export const historyRecordSchema = z.object({
  businessType: z.enum(HISTORY_BUSINESS_TYPES, { message: '浏览记录类型不正确' }),
  businessId: z.coerce
    .number({ message: '编号格式不正确' })
    .int({ message: '编号格式不正确' })
    .positive({ message: '编号格式不正确' })
    .max(2147483647, { message: '编号格式不正确' }),
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

/** One row of /myHistory, newest view first. */
export const historyEntrySchema = z.object({
  businessType: z.enum(HISTORY_BUSINESS_TYPES),
  businessId: z.number().int(),
  /** `project`, `sale` or `rent`: which detail page the entry links to. */
  kind: z.enum(['project', 'sale', 'rent']),
  title: z.string(),
  coverUrl: z.string().nullable(),
  districtName: z.string(),
  /** Price as shown: 元/㎡ for projects, 万元 total for sales, 元/月 for rents. */
  priceText: z.string(),
  /** False when the project or listing is no longer public (the link would show 404). */
  available: z.boolean(),
  viewedAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyListSchema = z.object({ list: z.array(historyEntrySchema) });
export type HistoryList = z.infer<typeof historyListSchema>;
