import { describe, expect, it } from 'vitest';
import { calculateLoan, type LoanCalcInput } from './loan-calculator';

const BY_PRICE: LoanCalcInput = {
  paymentType: 'loan',
  mode: 'price',
  unitPrice: 10_000,
  area: 100,
  downPaymentPct: 30,
  otherSubsidyFen: 0,
  loanType: 'commercial',
  repaymentMethod: 'equalInstalment',
  commercialFen: 0,
  providentFen: 0,
  commercial: { years: 30, annualPct: 4.9 },
  provident: { years: 30, annualPct: 3.25 },
};

const BY_AMOUNT: LoanCalcInput = {
  ...BY_PRICE,
  mode: 'amount',
  unitPrice: 0,
  area: 0,
  commercialFen: 100_000_000,
};

function run(input: LoanCalcInput) {
  const outcome = calculateLoan(input);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('按贷款总额: a plain loan needs no price', () => {
  it('1,000,000 元, 30 years, 4.9 %, 等额本息: 5,307.27 a month, interest 910,616.19', () => {
    const r = run(BY_AMOUNT);
    expect(r.price).toBeNull();
    expect(r.loanFen).toBe(100_000_000);
    expect(r.schedule).toMatchObject({
      months: 360,
      firstPaymentFen: 530_727,
      totalInterestFen: 91_061_619,
      totalRepaymentFen: 191_061_619,
    });
  });

  it('the same loan 等额本金: first month 6,861.11, −11.34, interest 737,041.67', () => {
    const r = run({ ...BY_AMOUNT, repaymentMethod: 'equalPrincipal' });
    expect(r.schedule).toMatchObject({
      firstPaymentFen: 686_111,
      monthlyDecreaseFen: 1_134,
      totalInterestFen: 73_704_167,
    });
  });

  it('m.vdgb.cn/wenda/217068.html: 公积金 120,000 元, 10 years, 3.25 % → 1,172.63 a month', () => {
    const r = run({
      ...BY_AMOUNT,
      loanType: 'provident',
      providentFen: 12_000_000,
      provident: { years: 10, annualPct: 3.25 },
    });
    expect(r.schedule?.firstPaymentFen).toBe(117_263);
    expect(r.schedule?.totalInterestFen).toBe(2_071_540);
  });

  it('combined: the published parts (700,000 元 商贷 and 120,000 元 公积金) added unrounded, rounded once (figures by the documented formula)', () => {
    const r = run({
      ...BY_AMOUNT,
      loanType: 'combined',
      commercialFen: 70_000_000,
      providentFen: 12_000_000,
      provident: { years: 10, annualPct: 3.25 },
    });
    expect(r.loanFen).toBe(82_000_000);
    // 3,715.087… + 1,172.628… = 4,887.715… → 4,887.72; 637,431.34 + 20,715.40 = 658,146.74.
    expect(r.schedule?.firstPaymentFen).toBe(488_772);
    expect(r.schedule?.totalInterestFen).toBe(65_814_674);
    expect(r.schedule?.rows[120]?.paymentFen).toBe(371_509);
  });

  it.each([
    ['commercial', '请填写贷款总额'],
    ['provident', '请填写贷款总额'],
    ['combined', '请填写商业贷款金额或公积金贷款金额'],
  ] as const)('an empty %s amount asks for it', (loanType, error) => {
    const input = { ...BY_AMOUNT, loanType, commercialFen: 0, providentFen: 0 };
    expect(calculateLoan(input)).toEqual({ ok: false, error });
  });
});

describe('按房价: unit price × area with a down-payment ratio', () => {
  it('372181.com/baike/61038.html: a 1,000,000 元 home, 30 % down, 30 years, 4.9 % → 3,715.09 a month', () => {
    const r = run(BY_PRICE);
    expect(r.loanFen).toBe(70_000_000);
    expect(r.price).toEqual({
      totalPriceFen: 100_000_000,
      downPaymentFen: 30_000_000,
      govSubsidyFen: 1_000_000,
      otherSubsidyFen: 0,
      actualCostFen: 100_000_000 - 1_000_000 + 63_743_134,
    });
    expect(r.schedule?.firstPaymentFen).toBe(371_509);
    expect(r.schedule?.totalInterestFen).toBe(63_743_134);
  });

  it('372181.com/baike/61038.html, 等额本金: first month 4,802.78, −7.94, interest 515,929.17', () => {
    const r = run({ ...BY_PRICE, repaymentMethod: 'equalPrincipal' });
    expect(r.schedule).toMatchObject({
      firstPaymentFen: 480_278,
      monthlyDecreaseFen: 794,
      totalInterestFen: 51_592_917,
    });
  });

  it('down payment is total price − loan; subsidies only lower the actual cost', () => {
    const r = run({ ...BY_PRICE, otherSubsidyFen: 2_000_000 });
    expect(r.price?.downPaymentFen).toBe(30_000_000);
    expect(r.price?.actualCostFen).toBe(100_000_000 - 1_000_000 - 2_000_000 + 63_743_134);
  });

  it('combined: the provident amount is entered, the commercial part is the rest of the loan', () => {
    const r = run({ ...BY_PRICE, loanType: 'combined', providentFen: 30_000_000 });
    expect(r).toMatchObject({ loanFen: 70_000_000, commercialFen: 40_000_000 });
    expect(r.price?.downPaymentFen).toBe(30_000_000);
  });

  it('combined: a provident amount above the loan, or none, is refused', () => {
    const combined = { ...BY_PRICE, loanType: 'combined' } as const;
    expect(calculateLoan({ ...combined, providentFen: 70_000_001 })).toEqual({
      ok: false,
      error: '公积金贷款金额不能超过贷款总额',
    });
    expect(calculateLoan(combined)).toEqual({ ok: false, error: '请填写公积金贷款金额' });
  });

  it('unit price × area keeps the fen: 12,345.67 元/㎡ × 89.45 ㎡ = 1,104,320.18 元', () => {
    const r = run({ ...BY_PRICE, unitPrice: 12_345.67, area: 89.45 });
    expect(r.price?.totalPriceFen).toBe(110_432_018);
    expect(r.loanFen).toBe(77_302_413);
    expect(r.price?.downPaymentFen).toBe(33_129_605);
  });

  it('asks for the price, and refuses subsidies above it', () => {
    expect(calculateLoan({ ...BY_PRICE, area: 0 })).toEqual({
      ok: false,
      error: '请填写单价和面积',
    });
    expect(calculateLoan({ ...BY_PRICE, otherSubsidyFen: 99_000_001 })).toEqual({
      ok: false,
      error: '补贴金额不能超过房屋总价',
    });
  });
});

describe('full payment', () => {
  it('pays the whole price at signing; the actual cost is the price after both subsidies', () => {
    const r = run({ ...BY_PRICE, paymentType: 'full', otherSubsidyFen: 500_000 });
    expect(r.schedule).toBeNull();
    expect(r.price).toEqual({
      totalPriceFen: 100_000_000,
      downPaymentFen: 100_000_000,
      govSubsidyFen: 1_000_000,
      otherSubsidyFen: 500_000,
      actualCostFen: 98_500_000,
    });
  });
});

describe('terms', () => {
  it.each([0, 31, 2.5])('refuses a term of %s years', (years) => {
    const outcome = calculateLoan({ ...BY_AMOUNT, commercial: { years, annualPct: 4.9 } });
    expect(outcome).toEqual({ ok: false, error: '贷款年限应为1至30年' });
  });
});
