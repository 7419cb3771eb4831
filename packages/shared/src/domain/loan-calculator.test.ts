import { describe, expect, it } from 'vitest';
import { calculateLoan, type LoanCalcInput } from './loan-calculator';

const BASE: LoanCalcInput = {
  unitPrice: 10_000,
  area: 100,
  otherSubsidyFen: 0,
  paymentType: 'loan',
  loanType: 'commercial',
  repaymentMethod: 'equalInstalment',
  commercial: { amountFen: 50_000_000, years: 20, annualPct: 4.9 },
  provident: { amountFen: 30_000_000, years: 20, annualPct: 3.25 },
};

function run(patch: Partial<LoanCalcInput>) {
  const outcome = calculateLoan({ ...BASE, ...patch });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('loan tab: price and subsidies', () => {
  it('full payment: the actual cost is the price after the 1 % subsidy and the other subsidy', () => {
    const r = run({ paymentType: 'full', otherSubsidyFen: 500_000 });
    expect(r.totalPriceFen).toBe(100_000_000);
    expect(r.govSubsidyFen).toBe(1_000_000);
    expect(r.priceAfterSubsidyFen).toBe(98_500_000);
    expect(r.totalHouseAmountFen).toBe(98_500_000);
    expect(r.schedule).toBeNull();
  });

  it('unit price × area keeps the fen: 12,345.67 元/㎡ × 89.45 ㎡ = 1,104,320.18 元', () => {
    const r = run({ paymentType: 'full', unitPrice: 12_345.67, area: 89.45 });
    expect(r.totalPriceFen).toBe(110_432_018);
    expect(r.govSubsidyFen).toBe(1_104_320);
  });

  it('refuses subsidies above the price', () => {
    const outcome = calculateLoan({ ...BASE, otherSubsidyFen: 100_000_001 });
    expect(outcome).toEqual({ ok: false, error: '补贴金额不能超过房屋总价' });
  });

  it('refuses a missing price', () => {
    expect(calculateLoan({ ...BASE, area: 0 }).ok).toBe(false);
  });
});

describe('loan tab: loans', () => {
  it('commercial 500,000 元, 20 years, 4.9 %, 等额本息', () => {
    const r = run({});
    expect(r.loanFen).toBe(50_000_000);
    expect(r.downPaymentFen).toBe(49_000_000);
    expect(r.schedule?.months).toBe(240);
    expect(r.schedule?.firstPaymentFen).toBe(327_222);
    expect(r.schedule?.totalInterestFen).toBe(28_533_287);
    expect(r.schedule?.totalRepaymentFen).toBe(78_533_287);
    expect(r.totalHouseAmountFen).toBe(99_000_000 + 28_533_287);
  });

  it('commercial 500,000 元, 20 years, 4.9 %, 等额本金', () => {
    const r = run({ repaymentMethod: 'equalPrincipal' });
    expect(r.schedule?.firstPaymentFen).toBe(412_500);
    expect(r.schedule?.monthlyDecreaseFen).toBe(851);
    expect(r.schedule?.totalInterestFen).toBe(24_602_122);
  });

  it('provident fund 300,000 元, 20 years, 3.25 %', () => {
    const r = run({ loanType: 'provident' });
    expect(r.schedule?.firstPaymentFen).toBe(170_159);
    expect(r.schedule?.totalInterestFen).toBe(10_838_063);
  });

  it('combined: both parts are added month by month', () => {
    const r = run({ loanType: 'combined' });
    expect(r.loanFen).toBe(80_000_000);
    expect(r.downPaymentFen).toBe(19_000_000);
    expect(r.schedule?.firstPaymentFen).toBe(327_222 + 170_159);
    expect(r.schedule?.totalInterestFen).toBe(28_533_287 + 10_838_063);
  });

  it('combined 等额本金', () => {
    const r = run({ loanType: 'combined', repaymentMethod: 'equalPrincipal' });
    expect(r.schedule?.firstPaymentFen).toBe(412_500 + 206_250);
    expect(r.schedule?.totalInterestFen).toBe(24_602_122 + 9_790_630);
  });

  it('an empty loan amount lends 70 % of the price after subsidies', () => {
    const r = run({ commercial: { years: 20, annualPct: 4.9 } });
    expect(r.loanFen).toBe(69_300_000);
    expect(r.downPaymentFen).toBe(29_700_000);
  });

  it('a loan equal to the price after subsidies is allowed; one fen more is not', () => {
    expect(run({ commercial: { amountFen: 99_000_000, years: 30, annualPct: 4.9 } }).loanFen).toBe(
      99_000_000,
    );
    const outcome = calculateLoan({
      ...BASE,
      commercial: { amountFen: 99_000_001, years: 30, annualPct: 4.9 },
    });
    expect(outcome).toEqual({ ok: false, error: '贷款总额不能超过扣除补贴后的房屋总价' });
  });

  it.each([0, 31, 2.5])('refuses a term of %s years', (years) => {
    const outcome = calculateLoan({
      ...BASE,
      commercial: { amountFen: 1_000_000, years, annualPct: 4.9 },
    });
    expect(outcome).toEqual({ ok: false, error: '贷款年限应为1至30年' });
  });
});
