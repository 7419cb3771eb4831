import { describe, expect, it } from 'vitest';
import {
  calculateProvidentLimit,
  maxProvidentTermYears,
  providentFactor,
  termCappedMessage,
} from './provident-limit';
import type { ProvidentApplicant } from './provident-limit';

const man = (age: number, monthlyDeposit = 1_000, ratioPct = 20): ProvidentApplicant => ({
  sex: 'male',
  age,
  monthlyDeposit,
  ratioPct,
});

describe('term and factor', () => {
  it.each([
    ['male', 30, 30],
    ['male', 59, 1],
    ['male', 60, 0],
    ['female', 25, 30],
    ['female', 54, 1],
    ['female', 55, 0],
  ] as const)('%s aged %s may borrow for %s years', (sex, age, years) => {
    expect(maxProvidentTermYears(sex, age)).toBe(years);
  });

  it.each([
    [10, 0.35],
    [11, 0.4],
    [20, 0.4],
    [21, 0.45],
    [30, 0.45],
  ])('%s years → factor %s', (years, factor) => {
    expect(providentFactor(years)).toBe(factor);
  });
});

/**
 * Published statements of the formula, one for each factor of the table: each page gives 月缴存额 ÷
 * 缴存比例 × 12 × factor × term (a couple's deposits added), and the figures are worked by the formula
 * as that page states it; the pages carry no worked numbers of their own.
 */
describe('provident-fund limit by the formula as published', () => {
  it('www.wangdidy.com/A/99468.html (×35 % ×12 × term): a couple over 10 years, 1,000 元 at 20 % and 800 元 at 16 % → 210,000 + 210,000', () => {
    const outcome = calculateProvidentLimit({
      purchaseType: 'first',
      termYears: 10,
      applicant: man(30),
      spouse: { sex: 'female', age: 28, monthlyDeposit: 800, ratioPct: 16 },
    });
    expect(outcome.ok && outcome.value).toMatchObject({
      factor: 0.35,
      applicantFen: 21_000_000,
      spouseFen: 21_000_000,
      limitFen: 42_000_000,
    });
  });

  it('www.wwpfw.com/daikuanzixun/41181.html (deposits added ÷ ratio × 12 × term × 40 %): (1,000 + 600) 元 at 20 % over 15 years → 576,000, shown as 580,000', () => {
    const outcome = calculateProvidentLimit({
      purchaseType: 'first',
      termYears: 15,
      applicant: man(30),
      spouse: { sex: 'female', age: 28, monthlyDeposit: 600, ratioPct: 20 },
    });
    expect(outcome.ok && outcome.value).toMatchObject({
      factor: 0.4,
      rawFen: 57_600_000,
      limitFen: 58_000_000,
      isCapped: false,
    });
  });

  it('m.wwwbz417.com/wenda/237494.html (÷ ratio × 0.45 × 12 × term): 1,200 元 at 24 % over 25 years → 675,000, capped at 600,000 (首套) or 300,000 (二套)', () => {
    const applicant = man(30, 1_200, 24);
    const first = calculateProvidentLimit({ purchaseType: 'first', termYears: 25, applicant });
    expect(first.ok && first.value).toMatchObject({
      factor: 0.45,
      rawFen: 67_500_000,
      limitFen: 60_000_000,
      isCapped: true,
    });
    const second = calculateProvidentLimit({ purchaseType: 'second', termYears: 25, applicant });
    expect(second.ok && second.value.limitFen).toBe(30_000_000);
  });
});

/**
 * The formula is the fund centre's rule written in docs/product/calculators.md; no published worked
 * example of it was found, so these figures are hand-computed by that formula (shown beside each).
 */
describe('provident-fund loan limit by the documented formula (hand-computed)', () => {
  it.each([
    // applicant, purchase, term asked, limit 元 — deposit / ratio × 12 × factor × term
    [man(50), 'first', 30, 210_000], // term capped to 10: 60,000 × 0.35 × 10 = 210,000
    [man(49), 'first', 30, 270_000], // 11 years: 60,000 × 0.4 × 11 = 264,000 → rounded up
    [man(50, 1_234.56, 10), 'first', 30, 520_000], // 148,147.2 × 0.35 × 10 = 518,515.2 → up
    [man(45), 'first', 30, 360_000], // 15 years: 60,000 × 0.4 × 15
    [man(45), 'second', 30, 300_000], // capped at 300,000
    [man(30), 'first', 30, 600_000], // 60,000 × 0.45 × 30 = 810,000 → cap
    [{ ...man(50), sex: 'female' as const }, 'first', 30, 110_000], // 5 years: 105,000 → up
    [man(30), 'first', 10, 210_000], // the buyer asks for 10 years: 60,000 × 0.35 × 10
    [man(30), 'first', 20, 480_000], // 20 years: 60,000 × 0.4 × 20
    [man(30), 'first', 5, 110_000], // 5 years: 60,000 × 0.35 × 5 = 105,000 → up
  ] as const)('%o %s, %s years asked → %s', (applicant, purchaseType, termYears, limit) => {
    const outcome = calculateProvidentLimit({ purchaseType, termYears, applicant });
    expect(outcome.ok && outcome.value.limitFen).toBe(limit * 100);
  });

  it('uses the term asked for when the age allows it, with no message', () => {
    const outcome = calculateProvidentLimit({
      purchaseType: 'first',
      termYears: 20,
      applicant: man(30),
    });
    expect(outcome.ok && outcome.value).toMatchObject({
      termYears: 20,
      maxTermYears: 30,
      isTermCapped: false,
      factor: 0.4,
    });
  });

  it('caps a term longer than the age allows and says so', () => {
    const outcome = calculateProvidentLimit({
      purchaseType: 'first',
      termYears: 25,
      applicant: man(45),
    });
    expect(outcome.ok && outcome.value).toMatchObject({
      termYears: 15,
      maxTermYears: 15,
      isTermCapped: true,
    });
    expect(termCappedMessage(15)).toBe('按借款人年龄，贷款期限最长为15年，已按15年计算');
  });

  it('adds the spouse and caps the sum', () => {
    const outcome = calculateProvidentLimit({
      purchaseType: 'first',
      termYears: 30,
      applicant: man(40, 1_500, 24),
      spouse: { sex: 'female', age: 38, monthlyDeposit: 800, ratioPct: 16 },
    });
    expect(outcome.ok && outcome.value).toMatchObject({
      termYears: 20,
      applicantFen: 60_000_000,
      spouseFen: 48_000_000,
      limitFen: 60_000_000,
      isCapped: true,
    });
  });

  it.each([
    [man(60), 30, '借款人年龄已达到贷款年龄上限，无法申请公积金贷款'],
    [man(121), 30, '请输入正确年龄'],
    [man(30.5), 30, '请输入正确年龄'],
    [man(30, 0), 30, '请输入月缴存额'],
    [man(30, 1_000, 12), 30, '请选择缴存比例'],
    [man(30), 0, '请选择贷款期限'],
    [man(30), 31, '请选择贷款期限'],
  ])('%o for %s years is refused', (applicant, termYears, error) => {
    expect(calculateProvidentLimit({ purchaseType: 'first', termYears, applicant })).toEqual({
      ok: false,
      error,
    });
  });
});
