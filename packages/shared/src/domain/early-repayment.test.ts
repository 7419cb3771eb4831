import { describe, expect, it } from 'vitest';
import { CURRENT_LPR, CURRENT_PROVIDENT, OLD_BENCHMARK } from '../constants/loan-rates';
import { EARLY_REPAYMENT_DEFAULTS } from '../constants/rates';
import {
  addMonths,
  calculateEarlyRepayment,
  earlyRepaymentRatePct,
  type EarlyRepaymentInput,
} from './early-repayment';

/** 1,000,000 元 over 180 months at 4.9 % (7,855.94 元 a month), first paid 2020-01, early 2025-01. */
const BASE: EarlyRepaymentInput = {
  loanType: 'commercial',
  originalLoanWan: 100,
  termMonths: 180,
  rateCode: 'benchmark',
  firstPayment: { year: 2020, month: 1 },
  advancePayment: { year: 2025, month: 1 },
  advanceType: 'partial',
  partialWan: 20,
  processMethod: 'shortenTerm',
};

function run(patch: Partial<EarlyRepaymentInput>) {
  const outcome = calculateEarlyRepayment({ ...BASE, ...patch });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('rates of the early-repayment tab come from the one dated table', () => {
  const lpr = CURRENT_LPR;
  const hpf = CURRENT_PROVIDENT.firstHome;
  it.each([
    ['lpr', 'commercial', 60, lpr.oneYearPct],
    ['lpr', 'commercial', 72, lpr.overFiveYearsPct],
    ['lpr', 'provident', 60, hpf.upToFiveYearsPct],
    ['lpr', 'provident', 180, hpf.overFiveYearsPct],
    ['benchmark', 'commercial', 60, OLD_BENCHMARK.commercial.upToFiveYearsPct],
    ['benchmark', 'commercial', 180, OLD_BENCHMARK.commercial.overFiveYearsPct],
    ['benchmark', 'provident', 180, OLD_BENCHMARK.provident.overFiveYearsPct],
  ] as const)('code %s %s %s months → %s %%', (code, type, months, pct) => {
    expect(earlyRepaymentRatePct(code, type, months)).toBe(pct);
  });

  it('the default set is the rates in force', () => {
    expect(EARLY_REPAYMENT_DEFAULTS.rateCode).toBe('lpr');
    expect(earlyRepaymentRatePct(EARLY_REPAYMENT_DEFAULTS.rateCode, 'commercial', 180)).toBe(3.5);
    expect(earlyRepaymentRatePct(EARLY_REPAYMENT_DEFAULTS.rateCode, 'provident', 180)).toBe(2.6);
  });
});

describe('a loan first paid after 2020', () => {
  it('a loan first paid in March 2024 at the LPR in force, settled in full in March 2026', () => {
    const r = run({
      rateCode: 'lpr',
      firstPayment: { year: 2024, month: 3 },
      advancePayment: { year: 2026, month: 3 },
      advanceType: 'full',
      today: { year: 2026, month: 11 },
    });
    // 1,000,000 元 / 180 months / 3.5 %: M = P·r·(1+r)ⁿ / ((1+r)ⁿ − 1) = 7,148.8254… 元 and
    // 24 × M = 171,571.80992… 元 (Python Decimal, 50 digits).
    expect(r.annualPct).toBe(3.5);
    expect(r.originalMonthlyFen).toBe(714_883);
    expect(r.paidAmountFen).toBe(17_157_181);
    expect(r.originalLastPayment).toEqual({ year: 2039, month: 2 });
    expect(r.isPaidOff).toBe(true);
  });

  it("takes the loan's own rate and refuses a first payment after the current month", () => {
    const own = run({ rateCode: 'custom', customRatePct: 3.1, advanceType: 'full' });
    expect(own.annualPct).toBe(3.1);
    const future = calculateEarlyRepayment({
      ...BASE,
      firstPayment: { year: 2026, month: 12 },
      advancePayment: { year: 2027, month: 1 },
      today: { year: 2026, month: 11 },
    });
    expect(future).toEqual({ ok: false, error: '第一次还款时间不能晚于当前月份' });
    const noRate = calculateEarlyRepayment({ ...BASE, rateCode: 'custom' });
    expect(noRate).toEqual({ ok: false, error: '请输入执行利率' });
  });
});

/**
 * Published loans run through the early-repayment tab: the original payment and, with the early
 * month one past the last payment, everything paid must equal the published summary figures.
 */
const PUBLISHED = [
  ['66.aolonic.com/aa/nn9in22u29xdxvind2i.html', 100, 360, 5307.27, 910_616.19],
  ['aq8.net/1608563290028331787.html', 93, 360, 4935.76, 846_873.06],
  ['13l.net/index.php/l/1737095594808148587.html', 54, 360, 2865.92, 491_732.74],
  ['wwwbz417.com/baike/94363.html', 62, 180, 4870.68, 256_723.15],
] as const;

describe('early repayment of published loans (4.9 %, rate code benchmark)', () => {
  it.each(PUBLISHED)(
    '%s: %s 万元 over %s months pays %s a month and %s interest in all',
    (_source, wan, months, monthly, interest) => {
      const firstPayment = { year: 2020, month: 1 };
      const r = run({
        originalLoanWan: wan,
        termMonths: months,
        firstPayment,
        advancePayment: addMonths(firstPayment, months),
        advanceType: 'full',
      });
      expect(r.originalMonthlyFen).toBe(Math.round(monthly * 100));
      expect(r.paidInterestFen).toBe(Math.round(interest * 100));
      expect(r.paidAmountFen).toBe(Math.round((wan * 10_000 + interest) * 100));
      expect(r.savedInterestFen).toBe(0);
    },
  );
});

/**
 * Published worked examples of a loan paid for some months and then settled: each page states
 * the monthly payment, the interest paid so far and what is owed (the balance, or what settles the
 * loan that month). Those pages work every month from the payment rounded to the fen, while the
 * 提前还款计算器 (and this tab) keeps the payment unrounded, so after k months the figures part by
 * a few fen (k × the payment's rounding, at most 9 fen here); the monthly payment agrees exactly.
 */
const PAID_FOR_MONTHS = [
  // source, 万元, months, k months paid, payment, interest paid, principal paid, settles at (null: not stated)
  ['ccv168.com/wenda/240383.html', 110, 240, 12, 7198.88, 53_160.4, 33_226.16, null],
  ['w.sf024.com/info/308595342362875924.html', 28, 180, 4, 2199.66, 4547.38, 4251.26, 276_874.72],
  ['m.789yingshi.cn/baike/107685.html', 25, 120, 12, 2639.43, 11_807.82, 19_865.34, 231_074.38],
] as const;

describe('early repayment against published worked examples (4.9 %, rate code benchmark)', () => {
  const fen = (yuan: number) => Math.round(yuan * 100);
  const within = (actualFen: number, publishedYuan: number, toleranceFen: number) =>
    expect(Math.abs(actualFen - fen(publishedYuan))).toBeLessThanOrEqual(toleranceFen);

  it.each(PAID_FOR_MONTHS)(
    '%s: %s 万元 over %s months, %s months paid → %s a month, %s interest and %s principal paid',
    (_source, wan, months, k, monthly, interest, principal, settles) => {
      const firstPayment = { year: 2020, month: 1 };
      const r = run({
        originalLoanWan: wan,
        termMonths: months,
        firstPayment,
        advancePayment: addMonths(firstPayment, k),
        advanceType: 'full',
      });
      expect(r.originalMonthlyFen).toBe(fen(monthly));
      within(r.paidInterestFen, interest, 9);
      within(r.paidAmountFen - r.paidInterestFen, principal, 9);
      if (settles !== null) within(r.currentMonthPaymentFen, settles, 9);
      expect(r.isPaidOff).toBe(true);
    },
  );

  it('w.sf024.com/info/308595342362875924.html: 4,547.38 interest paid after 4 months, to the fen', () => {
    const firstPayment = { year: 2020, month: 1 };
    const r = run({
      originalLoanWan: 28,
      termMonths: 180,
      firstPayment,
      advancePayment: addMonths(firstPayment, 4),
      advanceType: 'full',
    });
    expect(r.paidInterestFen).toBe(454_738);
  });
});

/**
 * The figures below follow the formula of the published 提前还款计算器 (docs/product/calculators.md),
 * computed in an independent Python Decimal implementation of it; no published worked example with
 * these inputs was found.
 */
describe('early repayment by the documented formula (independent Decimal implementation)', () => {
  it('partial 20 万元, shorten the term: unrounded paid figures, payment kept under 7,855.94', () => {
    expect(run({})).toEqual({
      annualPct: 4.9,
      originalMonthlyFen: 785_594,
      originalLastPayment: { year: 2034, month: 12 },
      paidAmountFen: 47_135_653,
      paidInterestFen: 21_544_973,
      currentMonthPaymentFen: 20_785_594,
      nextMonthPaymentFen: 783_279,
      savedInterestFen: 10_040_120,
      newLastPayment: { year: 2031, month: 10 },
      isPaidOff: false,
      calculationTips: '',
    });
  });

  it('partial 20 万元, reduce the payment', () => {
    expect(run({ processMethod: 'reducePayment' })).toMatchObject({
      nextMonthPaymentFen: 573_063,
      savedInterestFen: 5_291_165,
      newLastPayment: { year: 2034, month: 12 },
    });
  });

  it('50 万元, 120 months, 3.1 % provident, early after 24 months with 10 万元', () => {
    expect(
      run({
        loanType: 'provident',
        rateCode: 'custom',
        customRatePct: 3.1,
        originalLoanWan: 50,
        termMonths: 120,
        advancePayment: { year: 2022, month: 1 },
        partialWan: 10,
      }),
    ).toMatchObject({
      originalMonthlyFen: 485_115,
      paidAmountFen: 11_642_764,
      paidInterestFen: 2_841_335,
      currentMonthPaymentFen: 10_485_115,
      nextMonthPaymentFen: 481_859,
      savedInterestFen: 2_355_799,
      newLastPayment: addMonths({ year: 2022, month: 1 }, 70),
    });
  });

  it('full repayment settles the balance and the month’s interest', () => {
    const r = run({ advanceType: 'full' });
    expect(r.isPaidOff).toBe(true);
    expect(r.nextMonthPaymentFen).toBe(0);
    expect(r.newLastPayment).toEqual({ year: 2025, month: 1 });
    expect(r.calculationTips).toBe('');
    expect(r.currentMonthPaymentFen).toBe(74_713_158);
    expect(r.savedInterestFen).toBe(19_558_148);
  });

  it('the anchor loan (100 万元, 360 months) repaid in full in its first month saves 906,532.86', () => {
    const r = run({
      termMonths: 360,
      advancePayment: BASE.firstPayment,
      advanceType: 'full',
    });
    expect(r.currentMonthPaymentFen).toBe(100_408_333);
    expect(r.savedInterestFen).toBe(90_653_286);
  });

  it('the anchor loan after 12 months with 10 万元: shorten or reduce', () => {
    const early = { termMonths: 360, advancePayment: { year: 2021, month: 1 }, partialWan: 10 };
    expect(run(early)).toMatchObject({
      paidAmountFen: 6_368_721,
      paidInterestFen: 4_866_562,
      nextMonthPaymentFen: 530_257,
      savedInterestFen: 25_690_117,
      newLastPayment: addMonths({ year: 2021, month: 1 }, 280),
    });
    expect(run({ ...early, processMethod: 'reducePayment' })).toMatchObject({
      nextMonthPaymentFen: 476_774,
      savedInterestFen: 8_721_506,
    });
  });

  it('a partial amount that covers the debt shows the paid-off tip', () => {
    const r = run({ partialWan: 90 });
    expect(r.isPaidOff).toBe(true);
    expect(r.calculationTips).toBe('您的提前还款额已足够还清所欠贷款！');
  });

  it('early repayment in the first payment month is allowed (0 months apart)', () => {
    const r = run({ advancePayment: { year: 2020, month: 1 } });
    expect(r.paidAmountFen).toBe(0);
  });

  it.each([[{ year: 2019, month: 12 }], [{ year: 2035, month: 2 }]])(
    'the date conflict %o is refused',
    (advancePayment) => {
      expect(calculateEarlyRepayment({ ...BASE, advancePayment })).toEqual({
        ok: false,
        error: '预计提前还款时间与第一次还款时间有矛盾，请查实',
      });
    },
  );

  it('exactly the loan term apart is not a conflict', () => {
    expect(calculateEarlyRepayment({ ...BASE, advancePayment: { year: 2035, month: 1 } }).ok).toBe(
      true,
    );
  });

  it('a partial repayment needs an amount', () => {
    expect(calculateEarlyRepayment({ ...BASE, partialWan: 0 })).toEqual({
      ok: false,
      error: '请输入部分提前还款额',
    });
  });
});
