import { describe, expect, it } from 'vitest';
import { ABILITY_FACTORS, ABILITY_MESSAGES, abilityFactor, calculateAbility } from './ability';
import type { AbilityInput } from './ability';

const BASE: AbilityInput = {
  currentFundsWan: 30,
  monthlyIncome: 15_000,
  monthlyExpenses: 5_000,
  plannedArea: 100,
  loanMonths: 360,
};

describe('ability factor table (元 per 10,000 元 a month at 4.9 %)', () => {
  it('has 29 values, 2 to 30 years', () => {
    expect(ABILITY_FACTORS).toHaveLength(29);
  });

  it.each([
    [24, 438.27],
    [120, 105.58],
    [180, 78.56],
    [240, 65.44],
    [360, 53.07],
  ])('%s months → %s', (months, factor) => {
    expect(abilityFactor(months)).toBe(factor);
  });
});

describe('ability assessor', () => {
  it('30 万元 funds, 5,000 元 a month over 30 years, 100 ㎡', () => {
    // 5000 / 53.07 × 10000 = 942,151.87 元; + 80 % × 300,000 = 1,182,151.87 元; / 100 = 11,822
    expect(calculateAbility(BASE)).toEqual({
      ok: true,
      value: {
        loanFen: 94_215_187,
        isLoanCapped: false,
        totalPriceFen: 118_215_187,
        unitPrice: 11_822,
        warnings: [],
      },
    });
  });

  it('caps the loan at 3.2 × the funds', () => {
    const outcome = calculateAbility({ ...BASE, currentFundsWan: 10 });
    expect(outcome.ok && outcome.value).toMatchObject({
      loanFen: 32_000_000,
      isLoanCapped: true,
      totalPriceFen: 40_000_000,
      unitPrice: 4_000,
    });
  });

  it('a loan exactly at 3.2 × the funds is not reported as capped', () => {
    const at = calculateAbility({ ...BASE, currentFundsWan: 10, monthlyExpenses: 1_698.24 });
    expect(at.ok && at.value).toMatchObject({ loanFen: 32_000_000, isLoanCapped: false });
    const above = calculateAbility({ ...BASE, currentFundsWan: 10, monthlyExpenses: 1_698.25 });
    expect(above.ok && above.value).toMatchObject({ loanFen: 32_000_000, isLoanCapped: true });
  });

  it('4.7 万元 is enough to assess; 4.69 is not', () => {
    expect(calculateAbility({ ...BASE, currentFundsWan: 4.7 }).ok).toBe(true);
    expect(calculateAbility({ ...BASE, currentFundsWan: 4.69 })).toEqual({
      ok: false,
      error: ABILITY_MESSAGES.fundsTooLow,
    });
  });

  it('warns above 10,000 万元 of funds, not at it', () => {
    const at = calculateAbility({ ...BASE, currentFundsWan: 10_000 });
    expect(at.ok && at.value.warnings).toEqual([]);
    const above = calculateAbility({ ...BASE, currentFundsWan: 10_000.01 });
    expect(above.ok && above.value.warnings).toEqual(['您确定拥有超过一亿元的购房资金？']);
  });

  it('warns when spending exceeds 70 % of income, not at 70 %', () => {
    const at = calculateAbility({ ...BASE, monthlyIncome: 10_000, monthlyExpenses: 7_000 });
    expect(at.ok && at.value.warnings).toEqual([]);
    const above = calculateAbility({ ...BASE, monthlyIncome: 10_000, monthlyExpenses: 7_000.01 });
    expect(above.ok && above.value.warnings).toEqual([ABILITY_MESSAGES.expenseTooHigh]);
  });

  it('refuses an area of 0', () => {
    expect(calculateAbility({ ...BASE, plannedArea: 0 })).toEqual({
      ok: false,
      error: '计划购买房屋面积必须大于0',
    });
  });

  it('counts empty income and spending as 0', () => {
    const outcome = calculateAbility({ ...BASE, monthlyIncome: Number.NaN, monthlyExpenses: 0 });
    expect(outcome.ok && outcome.value).toMatchObject({ loanFen: 0, totalPriceFen: 24_000_000 });
  });
});
