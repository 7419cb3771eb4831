import { z } from 'zod';

/** What a price history belongs to: a project's 平台价, a room's unit price, a listing's price. */
export const PRICE_SUBJECT_KINDS = ['project', 'room', 'listing'] as const;
export type PriceSubjectKind = (typeof PRICE_SUBJECT_KINDS)[number];

/**
 * Who changed a price: an operator in the console, the listing's owner, a bulk import, the demo
 * seed, or a writer that did not name itself (`database`).
 */
export const PRICE_SOURCES = ['console', 'owner', 'import', 'seed', 'database'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The unit of every price of one history: 元/㎡, 元 (a sale's total) or 元/月 (a rent). */
export const PRICE_UNITS = ['yuanPerSquareMetre', 'yuan', 'yuanPerMonth'] as const;

export const priceHistoryParamsSchema = z.object({
  id: z.coerce
    .number({ message: '编号格式不正确' })
    .int({ message: '编号格式不正确' })
    .positive({ message: '编号格式不正确' })
    .max(2_147_483_647, { message: '编号格式不正确' }),
});

/** One change, oldest first; `changePercent` is of the old price, one decimal. */
export const priceChangeSchema = z.object({
  changedAt: z.string(),
  oldPrice: z.number().int(),
  newPrice: z.number().int(),
  changePercent: z.number(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/**
 * `GET /api/price-history/{projects|rooms|listings}/:id`: the current price, when the series
 * starts (the subject's creation, or its first change if that is earlier) and every change.
 */
export const priceHistorySchema = z.object({
  kind: z.enum(PRICE_SUBJECT_KINDS),
  id: z.number().int(),
  unit: z.enum(PRICE_UNITS),
  currentPrice: z.number().int(),
  since: z.string(),
  changes: z.array(priceChangeSchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;
