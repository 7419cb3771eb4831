import { describe, expect, it } from 'vitest';
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
  rateCode: '95',
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

describe('rates of the early-repayment tab', () => {
  it.each([
    ['95', 'commercial', 60, 4.77],
    ['95', 'commercial', 72, 4.9],
    ['95', 'provident', 60, 2.6],
    ['95', 'provident', 180, 3.1],
    ['96', 'commercial', 180, 4.05],
    ['96', 'provident', 48, 3.78],
  ] as const)('code %s %s %s months → %s %%', (code, type, months, pct) => {
    expect(earlyRepaymentRatePct(code, type, months)).toBe(pct);
  });
});

describe('early repayment (figures checked with an independent Decimal implementation)', () => {
  it('partial 20 万元, shorten the term', () => {
    expect(run({})).toEqual({
      annualPct: 4.9,
      originalMonthlyFen: 785_594,
      originalLastPayment: { year: 2034, month: 12 },
      paidAmountFen: 47_135_640,
      paidInterestFen: 21_544_974,
      currentMonthPaymentFen: 20_785_594,
      nextMonthPaymentFen: 783_279,
      savedInterestFen: 10_040_138,
      newLastPayment: { year: 2031, month: 10 },
      isPaidOff: false,
      calculationTips: '',
    });
  });

  it('partial 20 万元, reduce the payment', () => {
    expect(run({ processMethod: 'reducePayment' })).toMatchObject({
      nextMonthPaymentFen: 573_064,
      savedInterestFen: 5_291_193,
      newLastPayment: { year: 2034, month: 12 },
    });
  });

  it('50 万元, 120 months, 3.1 % provident, early after 24 months with 10 万元', () => {
    expect(
      run({
        loanType: 'provident',
        originalLoanWan: 50,
        termMonths: 120,
        advancePayment: { year: 2022, month: 1 },
        partialWan: 10,
      }),
    ).toMatchObject({
      originalMonthlyFen: 485_115,
      paidAmountFen: 11_642_760,
      paidInterestFen: 2_841_336,
      currentMonthPaymentFen: 10_485_115,
      nextMonthPaymentFen: 481_859,
      savedInterestFen: 2_355_791,
      newLastPayment: addMonths({ year: 2022, month: 1 }, 70),
    });
  });

  it('full repayment settles the balance and the month’s interest', () => {
    const r = run({ advanceType: 'full' });
    expect(r.isPaidOff).toBe(true);
    expect(r.nextMonthPaymentFen).toBe(0);
    expect(r.newLastPayment).toEqual({ year: 2025, month: 1 });
    expect(r.calculationTips).toBe('');
    // balance after 60 payments 74,409,334 分 (principal 100,000,000 − 25,590,666 repaid)
    // + that month's interest 74,409,334 × 4.9 % / 12 = 303,838 分
    expect(r.currentMonthPaymentFen).toBe(74_713_172);
    // total interest 41,406,975 − paid 21,544,974 − this month's 303,838
    expect(r.savedInterestFen).toBe(19_558_163);
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
