import { describe, expect, it } from 'vitest';
import {
  equalInstalmentPaymentFen,
  equalInstalmentSchedule,
  equalPrincipalSchedule,
  mergeSchedules,
  resolveCommercialRatePct,
} from './loan';

/**
 * Worked examples. Payments are the published figures (e.g. 1,000,000 元 / 30 years / 4.9 %
 * 等额本息 5,307.27 元 a month; 等额本金 first month 6,861.11 元). Total interest follows the bank
 * practice of charging each month's interest rounded to the fen and was checked with an
 * independent Python Decimal implementation of the same schedule.
 */
const CASES = [
  // principal 元, years, rate %, 等额本息 payment 分, its total interest 分, 等额本金 first, decrease, interest
  [1_000_000, 30, 4.9, 530727, 91061512, 686111, 1134, 73704108],
  [1_000_000, 20, 4.9, 654444, 57066567, 825000, 1701, 49204129],
  [1_000_000, 15, 4.9, 785594, 41406975, 963889, 2269, 36954137],
  [500_000, 20, 3.25, 283598, 18063478, 343750, 564, 16317734],
  [300_000, 10, 3.1, 291069, 4928288, 327500, 646, 4688760],
  [1_000_000, 30, 3.6, 454645, 63672427, 577778, 833, 54149964],
  [800_000, 25, 3.85, 415672, 44701536, 523334, 856, 38628286],
  [100_000, 1, 4.35, 853099, 237190, 869583, 3021, 235626],
  [2_000_000, 30, 3.1, 854033, 107451758, 1072223, 1435, 93258258],
  [600_000, 30, 2.85, 248134, 29328490, 309167, 396, 25721195],
] as const;

describe('等额本息 (equal instalment)', () => {
  it.each(CASES)('%s 元 over %s years at %s %%', (yuan, years, pct, payment, interest) => {
    const schedule = equalInstalmentSchedule(yuan * 100, years * 12, pct);
    expect(schedule.firstPaymentFen).toBe(payment);
    expect(schedule.totalInterestFen).toBe(interest);
    expect(schedule.rows).toHaveLength(years * 12);
    expect(schedule.rows.at(-1)?.balanceFen).toBe(0);
  });

  it('charges no interest at 0 %', () => {
    const schedule = equalInstalmentSchedule(1_200_000, 12, 0);
    expect(schedule.firstPaymentFen).toBe(100_000);
    expect(schedule.totalInterestFen).toBe(0);
  });

  it('pays nothing on an empty loan', () => {
    expect(equalInstalmentPaymentFen(0, 360, 4.9)).toBe(0);
  });
});

describe('等额本金 (equal principal)', () => {
  it.each(CASES)(
    '%s 元 over %s years at %s %%',
    (yuan, years, pct, _p, _i, first, decrease, interest) => {
      const schedule = equalPrincipalSchedule(yuan * 100, years * 12, pct);
      expect(schedule.firstPaymentFen).toBe(first);
      expect(schedule.monthlyDecreaseFen).toBe(decrease);
      expect(schedule.totalInterestFen).toBe(interest);
      const [m1, m2] = schedule.rows;
      const fall = (m1?.paymentFen ?? 0) - (m2?.paymentFen ?? 0);
      expect(Math.abs(fall - decrease)).toBeLessThanOrEqual(1);
    },
  );
});

describe('rates', () => {
  it.each([
    [{ rateType: 'lpr', lprPct: 3.6, basePoint: 0 }, 3.6],
    [{ rateType: 'lpr', lprPct: 3.6, basePoint: -30 }, 3.3],
    [{ rateType: 'lpr', lprPct: 3.6, basePoint: 25 }, 3.85],
    [{ rateType: 'benchmark', benchmarkPct: 4.9, multiplier: 1.1 }, 5.39],
    [{ rateType: 'benchmark', benchmarkPct: 4.9, multiplier: 0.7 }, 3.43],
    [{ rateType: 'benchmark', benchmarkPct: 3.25, multiplier: 1.2 }, 3.9],
  ] as const)('%o → %s %%', (input, expected) => {
    expect(resolveCommercialRatePct(input)).toBe(expected);
  });
});

/** Deterministic pseudo-random numbers (mulberry32) for the property tests. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('properties over 300 random loans', () => {
  const next = random(2026);
  const loans = Array.from({ length: 300 }, () => ({
    fen: Math.floor(next() * 500_000_000) + 100_000,
    months: (Math.floor(next() * 30) + 1) * 12,
    pct: Math.round(next() * 600 + 100) / 100,
  }));

  it('total repaid = principal + interest, and the rows add up to both', () => {
    for (const { fen, months, pct } of loans) {
      for (const s of [
        equalInstalmentSchedule(fen, months, pct),
        equalPrincipalSchedule(fen, months, pct),
      ]) {
        const paid = s.rows.reduce((sum, r) => sum + r.paymentFen, 0);
        const principal = s.rows.reduce((sum, r) => sum + r.principalFen, 0);
        expect(principal).toBe(fen);
        expect(paid).toBe(s.totalRepaymentFen);
        expect(s.totalRepaymentFen).toBe(fen + s.totalInterestFen);
      }
    }
  });

  it('等额本金 pays less interest than 等额本息 for the same loan', () => {
    for (const { fen, months, pct } of loans) {
      if (months === 12 && fen < 1_000_000) continue;
      expect(equalPrincipalSchedule(fen, months, pct).totalInterestFen).toBeLessThan(
        equalInstalmentSchedule(fen, months, pct).totalInterestFen,
      );
    }
  });

  it('a merged schedule adds both parts month by month', () => {
    const a = equalInstalmentSchedule(50_000_000, 240, 4.9);
    const b = equalInstalmentSchedule(30_000_000, 120, 3.25);
    const merged = mergeSchedules(a, b);
    expect(merged.rows).toHaveLength(240);
    expect(merged.totalInterestFen).toBe(a.totalInterestFen + b.totalInterestFen);
    expect(merged.firstPaymentFen).toBe(a.firstPaymentFen + b.firstPaymentFen);
    expect(merged.rows[120]?.paymentFen).toBe(a.rows[120]?.paymentFen);
  });
});
