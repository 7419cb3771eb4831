import { z } from 'zod';

// What the operator console's lists and actions of every domain share
// (docs/decisions/0074-operator-screens-by-domain.md).

/** Rows per page in the operator console lists. */
export const ADMIN_PAGE_SIZE = 20;

const optionalText = z.string().trim().max(100).optional();
/** An optional query filter: empty strings count as absent. */
export const queryText = z.preprocess((v) => (v === '' ? undefined : v), optionalText);
/** An optional whole-number query filter: empty strings count as absent. */
export const queryInt = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().optional(),
);

/** Whether `text` is a real calendar date written yyyy-MM-dd (rejects 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional Beijing calendar day filter, yyyy-MM-dd; a range includes both end days. */
export const queryDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().refine(isCalendarDate, '日期格式应为 yyyy-MM-dd').optional(),
);

/** Path parameter of one row. */
export const adminIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Reject a listing or a refund with a reason its owner sees. */
export const adminReasonSchema = z.object({
  reason: z.string().trim().min(1, '请输入驳回原因').max(200, '原因不能超过200个字'),
});
