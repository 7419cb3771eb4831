import { describe, expect, it } from 'vitest';
import { calculateProvidentLimit, maxProvidentTermYears, providentFactor } from './provident-limit';
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

describe('provident-fund loan limit', () => {
  it.each([
    // applicant, purchase, limit 元 — hand-computed: deposit / ratio × 12 × factor × term
    [man(50), 'first', 210_000], // 60,000 × 0.35 × 10 = 210,000
    [man(49), 'first', 270_000], // 60,000 × 0.4 × 11 = 264,000 → rounded up
    [man(50, 1_234.56, 10), 'first', 520_000], // 148,147.2 × 0.35 × 10 = 518,515.2 → 520,000
    [man(45), 'first', 360_000], // 60,000 × 0.4 × 15
    [man(45), 'second', 300_000], // capped at 300,000
    [man(30), 'first', 600_000], // 60,000 × 0.45 × 30 = 810,000 → cap
    [{ ...man(50), sex: 'female' as const }, 'first', 110_000], // term 5: 60,000 × 0.35 × 5 = 105,000 → up
  ] as const)('%o %s → %s', (applicant, purchaseType, limit) => {
    const outcome = calculateProvidentLimit({ purchaseType, applicant });
    expect(outcome.ok && outcome.value.limitFen).toBe(limit * 100);
  });

  it('adds the spouse and caps the sum', () => {
    const outcome = calculateProvidentLimit({
      purchaseType: 'first',
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
    [man(60), '借款人年龄已达到贷款年龄上限，无法申请公积金贷款'],
    [man(121), '请输入正确年龄'],
    [man(30.5), '请输入正确年龄'],
    [man(30, 0), '请输入月缴存额'],
    [man(30, 1_000, 12), '请选择缴存比例'],
  ])('%o is refused', (applicant, error) => {
    expect(calculateProvidentLimit({ purchaseType: 'first', applicant })).toEqual({
      ok: false,
      error,
    });
  });
});
