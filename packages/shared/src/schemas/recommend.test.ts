import { describe, expect, it } from 'vitest';
import { DEFAULT_RECOMMEND_DEMAND, describeDemand, recommendDemandSchema } from './recommend';

describe('describeDemand', () => {
  it('states the sample demand in words', () => {
    expect(describeDemand(DEFAULT_RECOMMEND_DEMAND, '海港区')).toBe(
      '海港区，三室一厅，单价7000-8000元/㎡，面积80-90㎡',
    );
  });

  it('words open bounds and an empty demand', () => {
    const open = {
      ...DEFAULT_RECOMMEND_DEMAND,
      bedroom: 2,
      hall: null,
      priceMin: null,
      areaMax: null,
    };
    expect(describeDemand(open)).toBe('两室，单价8000元/㎡以下，面积80㎡以上');
    const none = Object.fromEntries(Object.keys(open).map((key) => [key, null]));
    expect(describeDemand(recommendDemandSchema.parse(none))).toBe('不限');
  });

  it('refuses inverted bands', () => {
    const result = recommendDemandSchema.safeParse({ ...DEFAULT_RECOMMEND_DEMAND, areaMin: 100 });
    expect(result.success).toBe(false);
  });
});
