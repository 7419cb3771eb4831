/**
 * The loan tab (房贷计算器, spec 3 §2.9, §4, §9): house price from unit price × area, the 1 %
 * fiscal subsidy and any other subsidy, then full payment or a commercial, provident-fund or
 * combined loan. Every amount in and out is in 分 except where a field name says otherwise.
 */
import { FISCAL_SUBSIDY_RULES } from '../constants/policy';
import { loanSchedule, mergeSchedules, type LoanSchedule, type RepaymentMethod } from './loan';
import { calcError, calcOk, mulDivRound, percentOfFen, priceTimesAreaFen } from './money';
import type { CalcOutcome } from './money';

export type PaymentType = 'full' | 'loan';
export type LoanType = 'commercial' | 'provident' | 'combined';

export const LOAN_TYPE_LABEL: Record<LoanType, string> = {
  commercial: '商业贷款',
  provident: '公积金贷款',
  combined: '组合贷款',
};

/** One loan part: amount in 分 (undefined = default share of the price), term in years, rate %. */
export interface LoanPart {
  amountFen?: number;
  years: number;
  annualPct: number;
}

export interface LoanCalcInput {
  /** 元/㎡. */
  unitPrice: number;
  /** ㎡. */
  area: number;
  /** Other subsidy entered by the user, 分. */
  otherSubsidyFen: number;
  paymentType: PaymentType;
  loanType: LoanType;
  repaymentMethod: RepaymentMethod;
  commercial: LoanPart;
  provident: LoanPart;
}

export interface LoanCalcResult {
  totalPriceFen: number;
  govSubsidyFen: number;
  otherSubsidyFen: number;
  /** Price after both subsidies (the actual house cost when paying in full). */
  priceAfterSubsidyFen: number;
  loanFen: number;
  downPaymentFen: number;
  /** Actual cost: price after subsidies plus all interest (totalHouseAmount of the spec). */
  totalHouseAmountFen: number;
  schedule: LoanSchedule | null;
}

/** Share of the price after subsidies lent when the loan amount is left empty, %. */
export const DEFAULT_LOAN_SHARE_PCT = 70;

/** The fiscal subsidy in 分: 1 % of the total price (spec 3 §9). */
export function fiscalSubsidyFen(totalPriceFen: number): number {
  return percentOfFen(totalPriceFen, FISCAL_SUBSIDY_RULES.ratePct);
}

function defaultLoanFen(priceAfterSubsidyFen: number): number {
  const seventy = mulDivRound(priceAfterSubsidyFen, DEFAULT_LOAN_SHARE_PCT, 100);
  return Math.floor(seventy / 100) * 100;
}

function partSchedule(part: LoanPart, method: RepaymentMethod, amountFen: number): LoanSchedule {
  return loanSchedule(method, amountFen, part.years * 12, part.annualPct);
}

/**
 * Runs the loan tab. Errors (Chinese): no price, subsidies above the price, a loan above the price
 * after subsidies, a term outside 1–30 years.
 */
export function calculateLoan(input: LoanCalcInput): CalcOutcome<LoanCalcResult> {
  const totalPriceFen = priceTimesAreaFen(input.unitPrice, input.area);
  if (totalPriceFen <= 0) return calcError('请填写单价和面积');
  const govSubsidyFen = fiscalSubsidyFen(totalPriceFen);
  const otherSubsidyFen = Math.max(0, input.otherSubsidyFen);
  const priceAfterSubsidyFen = totalPriceFen - govSubsidyFen - otherSubsidyFen;
  if (priceAfterSubsidyFen < 0) return calcError('补贴金额不能超过房屋总价');
  const base = { totalPriceFen, govSubsidyFen, otherSubsidyFen, priceAfterSubsidyFen };
  if (input.paymentType === 'full') {
    return calcOk({
      ...base,
      loanFen: 0,
      downPaymentFen: priceAfterSubsidyFen,
      totalHouseAmountFen: priceAfterSubsidyFen,
      schedule: null,
    });
  }
  const parts: LoanPart[] =
    input.loanType === 'commercial'
      ? [input.commercial]
      : input.loanType === 'provident'
        ? [input.provident]
        : [input.commercial, input.provident];
  if (parts.some((p) => !Number.isInteger(p.years) || p.years < 1 || p.years > 30)) {
    return calcError('贷款年限应为1至30年');
  }
  const amounts = parts.map((p) => p.amountFen ?? 0);
  if (input.loanType !== 'combined' && parts[0]?.amountFen === undefined) {
    amounts[0] = defaultLoanFen(priceAfterSubsidyFen);
  }
  const loanFen = amounts.reduce((sum, a) => sum + a, 0);
  if (amounts.some((a) => a < 0) || loanFen <= 0) return calcError('请填写贷款总额');
  if (loanFen > priceAfterSubsidyFen) return calcError('贷款总额不能超过扣除补贴后的房屋总价');
  const schedules = parts.map((p, i) => partSchedule(p, input.repaymentMethod, amounts[i] ?? 0));
  const schedule = schedules.reduce((acc, s) => mergeSchedules(acc, s));
  return calcOk({
    ...base,
    loanFen,
    downPaymentFen: priceAfterSubsidyFen - loanFen,
    totalHouseAmountFen: priceAfterSubsidyFen + schedule.totalInterestFen,
    schedule,
  });
}
