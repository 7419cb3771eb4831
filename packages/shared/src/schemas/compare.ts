import { z } from 'zod';
import { COMPARE_LIMITS, COMPARE_TYPES } from '../constants/compare';

/** `GET /api/compare?type=project&ids=1,2,3`: 2–4 distinct positive ids, comma separated. */
export const compareQuerySchema = z.object({
  type: z.enum(COMPARE_TYPES, { message: '对比类型只能是楼盘或房源' }),
  ids: z.string({ message: '请选择要对比的楼盘或房源' }).transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    const ids: number[] = [];
    for (const part of parts) {
      if (!/^[1-9]\d{0,9}$/.test(part) || Number(part) > 2147483647) {
        ctx.addIssue({ code: 'custom', message: '对比编号格式不正确' });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: '不能重复对比同一个楼盘或房源' });
      return z.NEVER;
    }
    if (ids.length < COMPARE_LIMITS.min || ids.length > COMPARE_LIMITS.max) {
      ctx.addIssue({ code: 'custom', message: '请选择 2 至 4 个楼盘或房源进行对比' });
      return z.NEVER;
    }
    return ids;
  }),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

/** One compared thing (a column): what the header shows and where it links. */
export const compareItemSchema = z.object({
  id: z.number().int(),
  /** `project`, `sale` or `rent`: which detail page the column links to. */
  kind: z.enum(['project', 'sale', 'rent']),
  name: z.string(),
  coverUrl: z.string().nullable(),
});
export type CompareItem = z.infer<typeof compareItemSchema>;

/** One compared attribute (a row): its label and one display value per item, in item order. */
export const compareRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.string()),
});
export type CompareRow = z.infer<typeof compareRowSchema>;

export const compareResultSchema = z.object({
  type: z.enum(COMPARE_TYPES),
  items: z.array(compareItemSchema),
  rows: z.array(compareRowSchema),
});
export type CompareResult = z.infer<typeof compareResultSchema>;
