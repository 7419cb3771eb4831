import { describe, expect, it } from 'vitest';
import { calculateSchedule, equalInstalmentPayment, resolveCommercialRatePct } from './loan';
import type { LoanSchedule, RepaymentMethod } from './loan';

const fen = (yuan: number) => Math.round(yuan * 100);

function schedule(method: RepaymentMethod, yuan: number, years: number, pct: number) {
  return calculateSchedule(method, [
    { principalFen: yuan * 100, months: years * 12, annualPct: pct },
  ]);
}

describe('the 1,000,000 元 / 30 years / 4.9 % anchors, to the fen', () => {
  it('等额本息: 5,307.27 a month, total interest 910,616.19, total 1,910,616.19', () => {
    const s = schedule('equalInstalment', 1_000_000, 30, 4.9);
    expect(s.firstPaymentFen).toBe(530_727);
    expect(s.totalInterestFen).toBe(91_061_619);
    expect(s.totalRepaymentFen).toBe(191_061_619);
  });

  it('等额本金: first month 6,861.11, −11.34 a month, total interest 737,041.67', () => {
    const s = schedule('equalPrincipal', 1_000_000, 30, 4.9);
    expect(s.firstPaymentFen).toBe(686_111);
    expect(s.monthlyDecreaseFen).toBe(1_134);
    expect(s.totalInterestFen).toBe(73_704_167);
    expect(s.totalRepaymentFen).toBe(173_704_167);
  });
});

/**
 * Worked examples published with their figures. Each row: source, principal 元, years, rate %,
 * then the figures that source states (元; null where it states none or misprints one).
 */
const EQUAL_INSTALMENT = [
  ['66.aolonic.com/aa/nn9in22u29xdxvind2i.html', 1_000_000, 30, 5.9, 5931.37, 1_135_291.42],
  ['aq8.net/1608563290028331787.html', 930_000, 30, 4.9, 4935.76, 846_873.06],
  ['ccv168.com/wenda/220578.html', 630_000, 30, 4.9, 3343.58, 573_688.2],
  ['13l.net/index.php/l/1737095594808148587.html', 540_000, 30, 4.9, 2865.92, 491_732.74],
  ['13l.net/index.php/l/1771868819402209700.html', 300_000, 30, 4.9, 1592.18, 273_184.86],
  ['wwwbz417.com/baike/94363.html', 620_000, 15, 4.9, 4870.68, 256_723.15],
  ['wwwbz417.com/wenda/246263.html', 230_000, 10, 4.9, 2428.28, 61_393.61],
  ['wwwbz417.com/wenda/239379.html', 610_000, 23, 5.635, 3947.94, 479_630.54],
  ['m.vdgb.cn/wenda/217068.html (公积金)', 120_000, 10, 3.25, 1172.63, 20_715.4],
  ['yz.m.sm.cn answer 买房贷款月还多少 (商贷)', 300_000, 10, 7.05, 3490.99, 118_918.81],
  ['yz.m.sm.cn answer 买房贷款月还多少 (公积金)', 300_000, 10, 4.9, 3167.32, 80_078.62],
] as const;

const EQUAL_PRINCIPAL = [
  ['66.aolonic.com/aa/nn9in22u29xdxvind2i.html', 1_000_000, 30, 5.9, 7694.44, 13.66, 887_458.33],
  ['aq8.net/1608563290028331787.html', 930_000, 30, 4.9, 6380.83, 10.55, 685_448.75],
  ['ccv168.com/wenda/220578.html', 630_000, 30, 4.9, 4322.5, 7.15, 464_336.25],
  ['wwwbz417.com/baike/94363.html', 620_000, 15, 4.9, null, 14.06, 229_115.83],
  ['wwwbz417.com/wenda/246263.html', 230_000, 10, 4.9, 2855.83, null, 56_819.58],
  ['wwwbz417.com/wenda/239379.html', 610_000, 23, 5.635, 5074.6, 10.38, null],
  ['m.vdgb.cn/wenda/217068.html (公积金)', 120_000, 10, 3.25, 1325, 2.71, 19_662.5],
  ['yz.m.sm.cn answer 买房贷款月还多少 (商贷)', 300_000, 10, 7.05, 4262.5, 14.69, 106_631.25],
  ['yz.m.sm.cn answer 买房贷款月还多少 (公积金)', 300_000, 10, 4.9, 3725, null, 74_112.5],
] as const;

describe('等额本息 against published worked examples', () => {
  it.each(EQUAL_INSTALMENT)(
    '%s: %s 元, %s years, %s %% → %s a month, interest %s',
    (_source, yuan, years, pct, monthly, interest) => {
      const s = schedule('equalInstalment', yuan, years, pct);
      expect(s.firstPaymentFen).toBe(fen(monthly));
      expect(s.totalInterestFen).toBe(fen(interest));
      expect(s.totalRepaymentFen).toBe(fen(yuan + interest));
    },
  );

  it('npm loan-calculate-utils README: 1,000,000 元, 360 months, 4.9 % → first row 5,307.27 with 4,083.33 interest', () => {
    const s = schedule('equalInstalment', 1_000_000, 30, 4.9);
    expect(s.totalInterestFen).toBe(91_061_619);
    expect(s.rows[0]).toMatchObject({ paymentFen: 530_727, interestFen: 408_333 });
  });
});

describe('等额本金 against published worked examples', () => {
  it.each(EQUAL_PRINCIPAL)(
    '%s: %s 元, %s years, %s %% → first %s, −%s a month, interest %s',
    (_source, yuan, years, pct, first, decrease, interest) => {
      const s = schedule('equalPrincipal', yuan, years, pct);
      if (first !== null) expect(s.firstPaymentFen).toBe(fen(first));
      if (decrease !== null) expect(s.monthlyDecreaseFen).toBe(fen(decrease));
      if (interest !== null) expect(s.totalInterestFen).toBe(fen(interest));
    },
  );

  it('wwwbz417.com/wenda/246263.html states the fall as 7.82: the first two rounded rows differ by that', () => {
    const s = schedule('equalPrincipal', 230_000, 10, 4.9);
    expect(s.monthlyDecreaseFen).toBe(783);
    expect((s.rows[0]?.paymentFen ?? 0) - (s.rows[1]?.paymentFen ?? 0)).toBe(782);
  });
});

describe('special cases', () => {
  it('charges no interest at 0 %', () => {
    const s = calculateSchedule('equalInstalment', [
      { principalFen: 1_200_000, months: 12, annualPct: 0 },
    ]);
    expect(s.firstPaymentFen).toBe(100_000);
    expect(s.totalInterestFen).toBe(0);
    expect(s.rows.every((row) => row.paymentFen === 100_000)).toBe(true);
  });

  it('pays nothing on an empty loan', () => {
    expect(equalInstalmentPayment(0, 360, 4.9)).toBe(0);
    expect(calculateSchedule('equalInstalment', []).rows).toEqual([]);
  });

  it('combined: the parts are added unrounded and rounded once', () => {
    const combined = calculateSchedule('equalInstalment', [
      { principalFen: 50_000_000, months: 240, annualPct: 4.9 },
      { principalFen: 30_000_000, months: 120, annualPct: 3.25 },
    ]);
    const exact =
      equalInstalmentPayment(50_000_000, 240, 4.9) + equalInstalmentPayment(30_000_000, 120, 3.25);
    expect(combined.firstPaymentFen).toBe(Math.round(exact));
    expect(combined.months).toBe(240);
    expect(combined.rows).toHaveLength(240);
    expect(combined.rows[120]?.paymentFen).toBe(327_222);
  });
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

const sum = (s: LoanSchedule, key: 'paymentFen' | 'principalFen' | 'interestFen') =>
  s.rows.reduce((total, row) => total + row[key], 0);

describe('properties over 300 random loans: the schedule sums to the summary', () => {
  const next = random(2026);
  const loans = Array.from({ length: 300 }, () => ({
    principalFen: Math.floor(next() * 500_000_000) + 100_000,
    months: (Math.floor(next() * 30) + 1) * 12,
    annualPct: Math.round(next() * 600 + 100) / 100,
  }));
  const methods: RepaymentMethod[] = ['equalInstalment', 'equalPrincipal'];

  it('rows add up to principal, interest and repayment exactly, and end at a zero balance', () => {
    for (const loan of loans) {
      for (const method of methods) {
        const s = calculateSchedule(method, [loan]);
        expect(s.rows).toHaveLength(loan.months);
        expect(sum(s, 'principalFen')).toBe(loan.principalFen);
        expect(sum(s, 'interestFen')).toBe(s.totalInterestFen);
        expect(sum(s, 'paymentFen')).toBe(s.totalRepaymentFen);
        expect(s.totalRepaymentFen).toBe(loan.principalFen + s.totalInterestFen);
        expect(s.rows.at(-1)?.balanceFen).toBe(0);
      }
    }
  });

  it('every row but the last shows the summary payment (等额本息) or principal ÷ months (等额本金)', () => {
    for (const loan of loans.slice(0, 60)) {
      const ei = calculateSchedule('equalInstalment', [loan]);
      expect(ei.rows.slice(0, -1).every((row) => row.paymentFen === ei.firstPaymentFen)).toBe(true);
      const ep = calculateSchedule('equalPrincipal', [loan]);
      const share = Math.round(loan.principalFen / loan.months);
      expect(ep.rows.slice(0, -1).every((row) => Math.abs(row.principalFen - share) <= 1)).toBe(
        true,
      );
      expect(ep.rows[0]?.paymentFen).toBe(ep.firstPaymentFen);
    }
  });

  it('the last row differs from its own rounding by what the other rows rounded away', () => {
    for (const loan of loans.slice(0, 60)) {
      const s = calculateSchedule('equalInstalment', [loan]);
      const last = s.rows.at(-1)!;
      expect(last.paymentFen - s.firstPaymentFen).toBe(s.lastRowAdjustmentFen);
      expect(Math.abs(s.lastRowAdjustmentFen)).toBeLessThanOrEqual(loan.months);
    }
  });

  it('combined loans sum to their own summary too', () => {
    for (const [a, b] of loans.slice(0, 100).map((loan, i) => [loan, loans[299 - i]!] as const)) {
      for (const method of methods) {
        const s = calculateSchedule(method, [a, b]);
        expect(sum(s, 'principalFen')).toBe(a.principalFen + b.principalFen);
        expect(sum(s, 'interestFen')).toBe(s.totalInterestFen);
        expect(sum(s, 'paymentFen')).toBe(s.totalRepaymentFen);
      }
    }
  });

  it('等额本金 pays less interest than 等额本息 for the same loan', () => {
    for (const loan of loans) {
      if (loan.months === 12 && loan.principalFen < 1_000_000) continue;
      expect(calculateSchedule('equalPrincipal', [loan]).totalInterestFen).toBeLessThan(
        calculateSchedule('equalInstalment', [loan]).totalInterestFen,
      );
    }
  });
});

describe('the schedule of the anchor loan', () => {
  it('shows 5,307.27 every month and puts the −1.01 remainder in the last row', () => {
    const s = schedule('equalInstalment', 1_000_000, 30, 4.9);
    expect(s.rows[358]?.paymentFen).toBe(530_727);
    expect(s.rows[359]?.paymentFen).toBe(530_626);
    expect(s.lastRowAdjustmentFen).toBe(-101);
  });
});
