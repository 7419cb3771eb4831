import { describe, expect, it } from 'vitest';
import { calculateFiscalSubsidy } from './fiscal-subsidy';

/**
 * The table's figures are computed by hand from the rules in docs/product/calculators.md; the two
 * named cases follow pages that publish the 1 % of the total price.
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

  it('zs.home877.com/news-51098.html: a 1,000,000 元 home brings a 1 % subsidy of 10,000 元', () => {
    const outcome = calculateFiscalSubsidy({ unitPrice: 12_500, area: 80, otherSubsidyFen: 0 });
    expect(outcome.ok && outcome.value).toMatchObject({
      totalPriceFen: 100_000_000,
      govSubsidyFen: 1_000_000,
      actualCostFen: 99_000_000,
    });
  });

  it('bjdnbx.com/jz/234987.html (给予总房价1%的购房补贴): 15,000 元/㎡ × 100 ㎡ → 15,000 元, worked by that rule', () => {
    const outcome = calculateFiscalSubsidy({ unitPrice: 15_000, area: 100, otherSubsidyFen: 0 });
    expect(outcome.ok && outcome.value.govSubsidyFen).toBe(1_500_000);
  });

  it('refuses a subsidy above the price', () => {
    expect(calculateFiscalSubsidy({ unitPrice: 100, area: 1, otherSubsidyFen: 10_000 })).toEqual({
      ok: false,
      error: '补贴金额不能超过房屋总价',
    });
  });
});
