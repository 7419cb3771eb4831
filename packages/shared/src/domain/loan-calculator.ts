/**
 * The loan tab (房贷计算器): full payment, or a commercial, provident-fund or combined loan worked
 * out 按房价 (unit price × area and a down-payment ratio) or 按贷款总额 (the loan amount entered
 * directly). Down payment = total price − loan; the fiscal subsidy and any other subsidy are paid
 * after the purchase and only lower the actual cost (docs/product/calculators.md). Amounts in 分.
 */
import { FISCAL_SUBSIDY_RULES } from '../constants/policy';
import { calculateSchedule, type LoanPart, type LoanSchedule, type RepaymentMethod } from './loan';
import { calcError, calcOk, percentOfFen, priceTimesAreaFen } from './money';
import type { CalcOutcome } from './money';

export type PaymentType = 'full' | 'loan';
export type LoanType = 'commercial' | 'provident' | 'combined';
/** 按房价 (price) or 按贷款总额 (amount). */
export type LoanCalcMode = 'price' | 'amount';

export const LOAN_TYPE_LABEL: Record<LoanType, string> = {
  commercial: '商业贷款',
  provident: '公积金贷款',
  combined: '组合贷款',
};

export const LOAN_CALC_MODE_LABEL: Record<LoanCalcMode, string> = {
  price: '按房价',
  amount: '按贷款总额',
};

/** Term in whole years (1–30) and annual rate in % of one loan part. */
export interface LoanTerms {
  years: number;
  annualPct: number;
}

export interface LoanCalcInput {
  paymentType: PaymentType;
  mode: LoanCalcMode;
  /** 元/㎡ (price mode and full payment). */
  unitPrice: number;
  /** ㎡. */
  area: number;
  /** 首付比例: share of the total price paid at signing, % (price mode). */
  downPaymentPct: number;
  /** Other subsidy entered by the user, 分. */
  otherSubsidyFen: number;
  loanType: LoanType;
  repaymentMethod: RepaymentMethod;
  /** Commercial amount, 分 (amount mode). */
  commercialFen: number;
  /** Provident-fund amount, 分 (amount mode; the provident part of a combined loan by price). */
  providentFen: number;
  commercial: LoanTerms;
  provident: LoanTerms;
}

/** Price figures, known when the price was entered. */
export interface PriceFigures {
  totalPriceFen: number;
  /** Paid at signing: total price − loan (the whole price when paying in full). */
  downPaymentFen: number;
  /** Paid after the purchase; lowers the actual cost, never the down payment. */
  govSubsidyFen: number;
  otherSubsidyFen: number;
  /** Total price − both subsidies + all interest (totalHouseAmount). */
  actualCostFen: number;
}

export interface LoanCalcResult {
  /** null in 按贷款总额 mode, where no price is given. */
  price: PriceFigures | null;
  loanFen: number;
  commercialFen: number;
  providentFen: number;
  /** null when paying in full. */
  schedule: LoanSchedule | null;
}

/** The fiscal subsidy in 分: 1 % of the total price. */
export function fiscalSubsidyFen(totalPriceFen: number): number {
  return percentOfFen(totalPriceFen, FISCAL_SUBSIDY_RULES.ratePct);
}

interface PartAmounts {
  commercialFen: number;
  providentFen: number;
}

function amountsByPrice(input: LoanCalcInput, loanFen: number): CalcOutcome<PartAmounts> {
  if (input.loanType === 'commercial') return calcOk({ commercialFen: loanFen, providentFen: 0 });
  if (input.loanType === 'provident') return calcOk({ commercialFen: 0, providentFen: loanFen });
  if (!(input.providentFen > 0)) return calcError('请填写公积金贷款金额');
  if (input.providentFen > loanFen) return calcError('公积金贷款金额不能超过贷款总额');
  return calcOk({ commercialFen: loanFen - input.providentFen, providentFen: input.providentFen });
}

function amountsEntered(input: LoanCalcInput): CalcOutcome<PartAmounts> {
  const commercialFen = input.loanType === 'provident' ? 0 : Math.max(0, input.commercialFen);
  const providentFen = input.loanType === 'commercial' ? 0 : Math.max(0, input.providentFen);
  if (commercialFen + providentFen > 0) return calcOk({ commercialFen, providentFen });
  return calcError(
    input.loanType === 'combined' ? '请填写商业贷款金额或公积金贷款金额' : '请填写贷款总额',
  );
}

function scheduleOf(input: LoanCalcInput, amounts: PartAmounts): LoanSchedule {
  const parts: LoanPart[] = [];
  if (amounts.commercialFen > 0) {
    const { years, annualPct } = input.commercial;
    parts.push({ principalFen: amounts.commercialFen, months: years * 12, annualPct });
  }
  if (amounts.providentFen > 0) {
    const { years, annualPct } = input.provident;
    parts.push({ principalFen: amounts.providentFen, months: years * 12, annualPct });
  }
  return calculateSchedule(input.repaymentMethod, parts);
}

function usedTerms(input: LoanCalcInput): LoanTerms[] {
  if (input.loanType === 'commercial') return [input.commercial];
  if (input.loanType === 'provident') return [input.provident];
  return [input.commercial, input.provident];
}

/**
 * Runs the loan tab. Errors (Chinese) stop it only where nothing can be computed: no price in
 * price mode, subsidies above the price, no loan amount, a term outside 1–30 years.
 */
export function calculateLoan(input: LoanCalcInput): CalcOutcome<LoanCalcResult> {
  const byPrice = input.paymentType === 'full' || input.mode === 'price';
  const totalPriceFen = byPrice ? priceTimesAreaFen(input.unitPrice, input.area) : 0;
  if (byPrice && totalPriceFen <= 0) return calcError('请填写单价和面积');
  const govSubsidyFen = byPrice ? fiscalSubsidyFen(totalPriceFen) : 0;
  const otherSubsidyFen = byPrice ? Math.max(0, input.otherSubsidyFen) : 0;
  if (govSubsidyFen + otherSubsidyFen > totalPriceFen && byPrice) {
    return calcError('补贴金额不能超过房屋总价');
  }
  const priceFigures = (loanFen: number, interestFen: number): PriceFigures => ({
    totalPriceFen,
    downPaymentFen: totalPriceFen - loanFen,
    govSubsidyFen,
    otherSubsidyFen,
    actualCostFen: totalPriceFen - govSubsidyFen - otherSubsidyFen + interestFen,
  });
  if (input.paymentType === 'full') {
    const price = priceFigures(0, 0);
    return calcOk({ price, loanFen: 0, commercialFen: 0, providentFen: 0, schedule: null });
  }
  if (usedTerms(input).some((t) => !Number.isInteger(t.years) || t.years < 1 || t.years > 30)) {
    return calcError('贷款年限应为1至30年');
  }
  if (byPrice && !(input.downPaymentPct >= 0 && input.downPaymentPct < 100)) {
    return calcError('请选择首付比例');
  }
  const priceLoanFen = percentOfFen(totalPriceFen, 100 - input.downPaymentPct);
  const amounts = byPrice ? amountsByPrice(input, priceLoanFen) : amountsEntered(input);
  if (!amounts.ok) return amounts;
  const { commercialFen, providentFen } = amounts.value;
  const loanFen = commercialFen + providentFen;
  const schedule = scheduleOf(input, amounts.value);
  return calcOk({
    price: byPrice ? priceFigures(loanFen, schedule.totalInterestFen) : null,
    loanFen,
    commercialFen,
    providentFen,
    schedule,
  });
}
