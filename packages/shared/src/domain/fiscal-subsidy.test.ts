import { describe, expect, it } from 'vitest';
import { calculateFiscalSubsidy } from './fiscal-subsidy';

/**
 * Figures computed by hand from the rules in docs/product/calculators.md; no published worked
 * example was checked.
 */
describe('fiscal subsidy', () => {
  it.each([
    // unit price 元/㎡, area ㎡, other subsidy 分, total 分, subsidy 分, actual cost 分
    [10_000, 100, 0, 100_000_000, 1_000_000, 99_000_000],
    [8_650, 89.5, 2_000_000, 77_417_500, 774_175, 74_643_325],
    [12_345.67, 89.45, 0, 110_432_018, 1_104_320, 109_327_698],
    [6_999.99, 120.33, 100, 84_230_880, 842_309, 83_388_471],
  ])('%s 元/㎡ × %s ㎡', (unitPrice, area, otherSubsidyFen, total, subsidy, cost) => {
    const outcome = calculateFiscalSubsidy({ unitPrice, area, otherSubsidyFen });
    expect(outcome).toEqual({
      ok: true,
      value: {
        totalPriceFen: total,
        ratePct: 1,
        govSubsidyFen: subsidy,
        otherSubsidyFen,
        actualCostFen: cost,
      },
    });
  });

  it('refuses a subsidy above the price', () => {
    expect(calculateFiscalSubsidy({ unitPrice: 100, area: 1, otherSubsidyFen: 10_000 })).toEqual({
      ok: false,
      error: '补贴金额不能超过房屋总价',
    });
  });
});
