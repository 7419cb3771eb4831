import { describe, expect, it } from 'vitest';
import { ABILITY_RULES } from '../constants/rates';
import {
  abilityFactor,
  calculateAbility,
  expenseTooHighMessage,
  fundsTooLowMessage,
} from './ability';
import type { AbilityInput } from './ability';

const BASE: AbilityInput = {
  currentFundsWan: 30,
  monthlyIncome: 15_000,
  monthlyExpenses: 5_000,
  plannedArea: 100,
  loanMonths: 360,
};

function run(patch: Partial<AbilityInput>) {
  const outcome = calculateAbility({ ...BASE, ...patch });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

/**
 * The factor table of the published 购房能力评估 calculators (the `rhb` array of e.g.
 * zhuangshaoying/ZJB ZJB.WX/weixin/js/calculate1.js; docs/decisions/0007 lists where it was found).
 */
describe('the published factor table (元 per 10,000 元 a month, index = years − 2)', () => {
  it('has 29 values, 2 to 30 years', () => {
    expect(ABILITY_RULES.factorTable).toHaveLength(29);
  });

  it.each([
    [24, 440.104],
    [60, 190.136],
    [120, 108.923],
    [180, 82.133],
    [240, 69.241],
    [300, 61.887],
    [360, 57.282],
  ])('%s months → %s', (months, factor) => {
    expect(abilityFactor(months)).toBe(factor);
  });
});

/**
 * Worked by the published calculator's formula (loan = round(spending ÷ factor) 万元, at most
 * 3.2 × funds; price = loan + 80 % of funds; unit price = price ÷ area to the fen), computed by
 * hand and in an independent Python Decimal implementation; no published worked example was found.
 */
describe('ability assessor by the published formula', () => {
  it.each([
    // months, spending 元, funds 万元, area ㎡, loan 元, price 元, unit 元/㎡
    [360, 5_000, 30, 100, 870_000, 1_110_000, 11_100],
    [240, 5_000, 30, 100, 720_000, 960_000, 9_600],
    [120, 5_000, 30, 100, 460_000, 700_000, 7_000],
    [24, 5_000, 30, 100, 110_000, 350_000, 3_500],
    [240, 3_000, 30, 89.5, 430_000, 670_000, 7_486.03],
    [360, 5_000, 10, 100, 320_000, 400_000, 4_000],
  ])(
    '%s months, %s 元 a month, %s 万元, %s ㎡ → loan %s, price %s, %s 元/㎡',
    (loanMonths, monthlyExpenses, currentFundsWan, plannedArea, loan, price, unit) => {
      const r = run({ loanMonths, monthlyExpenses, currentFundsWan, plannedArea });
      expect(r.loanFen).toBe(loan * 100);
      expect(r.totalPriceFen).toBe(price * 100);
      expect(r.unitPriceFen).toBe(Math.round(unit * 100));
    },
  );

  it('rounds spending ÷ factor to whole 万元: 87.4999… → 87, 87.5000… → 88', () => {
    expect(run({ monthlyExpenses: 5_012.17 }).loanFen).toBe(87_000_000);
    expect(run({ monthlyExpenses: 5_012.18 }).loanFen).toBe(88_000_000);
  });

  it('a loan exactly at 3.2 × the funds is not reported as capped', () => {
    expect(run({ currentFundsWan: 10, monthlyExpenses: 1_833 })).toMatchObject({
      loanFen: 32_000_000,
      isLoanCapped: false,
    });
    expect(run({ currentFundsWan: 10, monthlyExpenses: 1_861.67 })).toMatchObject({
      loanFen: 32_000_000,
      isLoanCapped: true,
    });
  });
});

describe('warnings never stop the result', () => {
  it('funds below 4.7 万元: the published text, and the price is still computed', () => {
    const r = run({ currentFundsWan: 3 });
    expect(r.warnings).toEqual([
      '您确定是3万元？那么您目前尚不具备购房能力，建议积攒积蓄或能筹集更多的资金。',
    ]);
    expect(r).toMatchObject({ loanFen: 9_600_000, totalPriceFen: 12_000_000 });
  });

  it('4.7 万元 gets no warning; 4.69 does', () => {
    expect(run({ currentFundsWan: 4.7 }).warnings).toEqual([]);
    expect(run({ currentFundsWan: 4.69 }).warnings).toEqual([fundsTooLowMessage(4.69)]);
  });

  it('warns above 10,000 万元 of funds, not at it', () => {
    expect(run({ currentFundsWan: 10_000 }).warnings).toEqual([]);
    expect(run({ currentFundsWan: 10_000.01 }).warnings).toEqual([
      '您确定拥有超过一亿元的购房资金？',
    ]);
  });

  it('warns when spending exceeds 70 % of income (not at 70 %) and suggests 40 % of it', () => {
    expect(run({ monthlyIncome: 10_000, monthlyExpenses: 7_000 }).warnings).toEqual([]);
    const r = run({ monthlyIncome: 6_000, monthlyExpenses: 5_000 });
    expect(r.warnings).toEqual([
      '您预计家庭每月可用于购房支出已超过家庭月收入的70%，是否确定不会影响您的正常生活消费？建议在40%（2400元）左右',
    ]);
    expect(r.totalPriceFen).toBe(111_000_000);
    expect(expenseTooHighMessage(1_234_550)).toContain('（4938.2元）');
  });

  it('counts empty funds, income and spending as 0 and still answers, with both warnings', () => {
    const r = run({ currentFundsWan: Number.NaN, monthlyIncome: Number.NaN, monthlyExpenses: 1 });
    expect(r).toMatchObject({ loanFen: 0, totalPriceFen: 0, unitPriceFen: 0 });
    expect(r.warnings).toHaveLength(2);
  });
});

describe('what stops it', () => {
  it('an area of 0', () => {
    expect(calculateAbility({ ...BASE, plannedArea: 0 })).toEqual({
      ok: false,
      error: '计划购买房屋面积必须大于0',
    });
  });

  it('a term outside 2–30 years', () => {
    expect(calculateAbility({ ...BASE, loanMonths: 12 })).toEqual({
      ok: false,
      error: '请选择贷款年限',
    });
  });
});
