import { DEFAULT_RECOMMEND_DEMAND } from '@portal/shared/schemas/recommend';
import { describe, expect, it } from 'vitest';
import { demandLine } from './recommend-popup';

describe('demandLine', () => {
  it('states the user’s own recorded demand', () => {
    expect(demandLine({ demand: DEFAULT_RECOMMEND_DEMAND, isSampleDemand: false })).toBe(
      '根据您的购房需求推荐：海港区，三室一厅，单价7000-8000元/㎡，面积80-90㎡',
    );
  });

  it('says so when the list follows the sample demand', () => {
    const line = demandLine({
      demand: { ...DEFAULT_RECOMMEND_DEMAND, districtCode: 'BDH', bedroom: 2 },
      isSampleDemand: true,
    });
    expect(line).toBe(
      '您还没有填写购房需求，以下按示例需求推荐：北戴河区，两室一厅，单价7000-8000元/㎡，面积80-90㎡',
    );
  });
});
