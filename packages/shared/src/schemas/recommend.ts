import { z } from 'zod';
import { DISTRICT_CODES } from '../constants/districts';
import { formatLayout } from '../format';
import { pagedOf, pagingQuery } from './common';
import { projectCardSchema } from './home';

/** Recommendation page size (docs/product/content.md). */
export const RECOMMEND_PAGE_SIZE = 12;

/**
 * A buyer's stated demand driving 推荐楼盘. Prices yuan/㎡, areas ㎡; null leaves a bound open.
 * Without a stored demand the sample demand applies (docs/product/content.md).
 */
export const recommendDemandSchema = z
  .object({
    districtCode: z.enum(DISTRICT_CODES).nullable(),
    bedroom: z.number().int().min(1).max(5).nullable(),
    hall: z.number().int().min(0).max(3).nullable(),
    priceMin: z.number().int().min(0).max(200000).nullable(),
    priceMax: z.number().int().min(0).max(200000).nullable(),
    areaMin: z.number().min(0).max(2000).nullable(),
    areaMax: z.number().min(0).max(2000).nullable(),
  })
  .refine((d) => d.priceMin === null || d.priceMax === null || d.priceMin <= d.priceMax, {
    message: '最低单价不能高于最高单价',
    path: ['priceMax'],
  })
  .refine((d) => d.areaMin === null || d.areaMax === null || d.areaMin <= d.areaMax, {
    message: '最小面积不能大于最大面积',
    path: ['areaMax'],
  });

export type RecommendDemand = z.infer<typeof recommendDemandSchema>;

/** The sample demand (docs/product/content.md): 海港区, 三室一厅, 7000–8000 元/㎡, 80–90 ㎡. */
export const DEFAULT_RECOMMEND_DEMAND: RecommendDemand = {
  districtCode: 'HGQ',
  bedroom: 3,
  hall: 1,
  priceMin: 7000,
  priceMax: 8000,
  areaMin: 80,
  areaMax: 90,
};

export const recommendQuerySchema = pagingQuery(RECOMMEND_PAGE_SIZE, 50);

/**
 * One page of recommendations: projects that meet the demand, closest first, with the demand they
 * were chosen by and whether it is the sample demand (the user has not recorded one).
 */
export const recommendationPageSchema = pagedOf(projectCardSchema).extend({
  demand: recommendDemandSchema,
  isSampleDemand: z.boolean(),
});
export type RecommendationPage = z.infer<typeof recommendationPageSchema>;

/** The demand in words, e.g. `海港区，三室一厅，单价7000-8000元/㎡，面积80-90㎡`. */
export function describeDemand(demand: RecommendDemand, districtName?: string): string {
  const parts: string[] = [];
  if (districtName) parts.push(districtName);
  if (demand.bedroom !== null) parts.push(formatLayout(demand.bedroom, demand.hall ?? 0));
  const band = (min: number | null, max: number | null, unit: string) =>
    min !== null && max !== null
      ? `${min}-${max}${unit}`
      : min !== null
        ? `${min}${unit}以上`
        : max !== null
          ? `${max}${unit}以下`
          : '';
  const price = band(demand.priceMin, demand.priceMax, '元/㎡');
  if (price) parts.push(`单价${price}`);
  const area = band(demand.areaMin, demand.areaMax, '㎡');
  if (area) parts.push(`面积${area}`);
  return parts.length ? parts.join('，') : '不限';
}
