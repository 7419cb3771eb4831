/**
 * Early-repayment calculator (提前还款计算器, spec 3 §3, §5, §9) for a 等额本息 loan. Month k+1
 * (k = months from the first payment to the early-repayment month) is paid normally and the lump
 * sum is added; the rest is re-planned by shortening the term (payment kept at most the old one)
 * or reducing the payment (term kept). "Paid so far" covers the k months before that month.
 * Amounts in and out in 分 unless a name says 万元; dates are calendar year and month (1–12).
 */
import { EARLY_REPAYMENT_DEFAULTS, EARLY_REPAYMENT_RATE_SETS } from '../constants/rates';
import { equalInstalmentPaymentFen, equalInstalmentSchedule, monthlyInterestFen } from './loan';
import { calcError, calcOk, wanToFen, type CalcOutcome } from './money';

export interface YearMonth {
  year: number;
  month: number;
}

export type EarlyLoanType = 'commercial' | 'provident';
export type AdvanceType = 'full' | 'partial';
export type ProcessMethod = 'shortenTerm' | 'reducePayment';

export interface EarlyRepaymentInput {
  loanType: EarlyLoanType;
  originalLoanWan: number;
  termMonths: number;
  rateCode: string;
  firstPayment: YearMonth;
  advancePayment: YearMonth;
  advanceType: AdvanceType;
  /** Lump sum for a partial early repayment, 万元. */
  partialWan?: number;
  processMethod: ProcessMethod;
}

export interface EarlyRepaymentResult {
  annualPct: number;
  originalMonthlyFen: number;
  originalLastPayment: YearMonth;
  paidAmountFen: number;
  paidInterestFen: number;
  /** Paid in the early-repayment month: normal payment + lump sum (or the full settlement). */
  currentMonthPaymentFen: number;
  /** Payment from the following month; 0 when the loan is settled. */
  nextMonthPaymentFen: number;
  savedInterestFen: number;
  newLastPayment: YearMonth;
  isPaidOff: boolean;
  calculationTips: string;
}

export const EARLY_REPAYMENT_MESSAGES = {
  dateConflict: '预计提前还款时间与第一次还款时间有矛盾，请查实',
  paidOff: '您的提前还款额已足够还清所欠贷款！',
  partialRequired: '请输入部分提前还款额',
  amountRequired: '请输入原贷款金额',
  rateRequired: '请选择利率',
} as const;

/** Adds `months` to a year and month: (2020, 1) + 13 → (2021, 2). */
export function addMonths(date: YearMonth, months: number): YearMonth {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Whole months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: YearMonth, to: YearMonth): number {
  return to.year * 12 + to.month - (from.year * 12 + from.month);
}

/** Annual rate % of a rate code for the loan type and term (four classes, spec 3 §9). */
export function earlyRepaymentRatePct(
  code: string,
  loanType: EarlyLoanType,
  termMonths: number,
): number | undefined {
  const set = EARLY_REPAYMENT_RATE_SETS.find((s) => s.code === code);
  if (!set) return undefined;
  const rates = set[loanType];
  return termMonths <= EARLY_REPAYMENT_DEFAULTS.shortTermMaxMonths
    ? rates.upTo5Years
    : rates.over5Years;
}

/** Fewest months, at most `maxMonths`, whose 等额本息 payment on `balanceFen` is ≤ `paymentFen`. */
export function monthsForPayment(
  balanceFen: number,
  paymentFen: number,
  annualPct: number,
  maxMonths: number,
): number {
  const r = annualPct / 1200;
  const ratio = 1 - (balanceFen * r) / paymentFen;
  let months =
    r === 0 || ratio <= 0
      ? Math.ceil(balanceFen / paymentFen)
      : Math.ceil(-Math.log(ratio) / Math.log(1 + r));
  months = Math.min(Math.max(1, months), maxMonths);
  while (months > 1 && equalInstalmentPaymentFen(balanceFen, months - 1, annualPct) <= paymentFen) {
    months -= 1;
  }
  while (
    months < maxMonths &&
    equalInstalmentPaymentFen(balanceFen, months, annualPct) > paymentFen
  ) {
    months += 1;
  }
  return months;
}

/** Runs the early-repayment calculator; the date conflict and missing inputs stop with a message. */
export function calculateEarlyRepayment(
  input: EarlyRepaymentInput,
): CalcOutcome<EarlyRepaymentResult> {
  const principalFen = wanToFen(input.originalLoanWan);
  if (!(principalFen > 0)) return calcError(EARLY_REPAYMENT_MESSAGES.amountRequired);
  const annualPct = earlyRepaymentRatePct(input.rateCode, input.loanType, input.termMonths);
  if (annualPct === undefined) return calcError(EARLY_REPAYMENT_MESSAGES.rateRequired);
  const n = input.termMonths;
  const k = monthsBetween(input.firstPayment, input.advancePayment);
  if (k < 0 || k > n) return calcError(EARLY_REPAYMENT_MESSAGES.dateConflict);
  const lumpFen = input.advanceType === 'partial' ? wanToFen(input.partialWan ?? 0) : 0;
  if (input.advanceType === 'partial' && !(lumpFen > 0)) {
    return calcError(EARLY_REPAYMENT_MESSAGES.partialRequired);
  }
  const original = equalInstalmentSchedule(principalFen, n, annualPct);
  const paidRows = original.rows.slice(0, k);
  const paidAmountFen = paidRows.reduce((sum, row) => sum + row.paymentFen, 0);
  const paidInterestFen = paidRows.reduce((sum, row) => sum + row.interestFen, 0);
  const balanceFen = k === 0 ? principalFen : (paidRows[k - 1]?.balanceFen ?? 0);
  const interestFen = monthlyInterestFen(balanceFen, annualPct);
  const monthlyFen = original.firstPaymentFen;
  const common = {
    annualPct,
    originalMonthlyFen: monthlyFen,
    originalLastPayment: addMonths(input.firstPayment, n - 1),
    paidAmountFen,
    paidInterestFen,
  };
  const settleFen = balanceFen + interestFen;
  if (input.advanceType === 'full' || lumpFen + monthlyFen >= settleFen) {
    return calcOk({
      ...common,
      currentMonthPaymentFen: settleFen,
      nextMonthPaymentFen: 0,
      savedInterestFen: original.totalInterestFen - paidInterestFen - interestFen,
      newLastPayment: input.advancePayment,
      isPaidOff: true,
      calculationTips: input.advanceType === 'partial' ? EARLY_REPAYMENT_MESSAGES.paidOff : '',
    });
  }
  const afterFen = balanceFen - (monthlyFen - interestFen) - lumpFen;
  const remaining = n - k - 1;
  const newMonths =
    input.processMethod === 'reducePayment'
      ? remaining
      : monthsForPayment(afterFen, monthlyFen, annualPct, remaining);
  const plan = equalInstalmentSchedule(afterFen, newMonths, annualPct);
  return calcOk({
    ...common,
    currentMonthPaymentFen: monthlyFen + lumpFen,
    nextMonthPaymentFen: plan.firstPaymentFen,
    savedInterestFen:
      original.totalInterestFen - paidInterestFen - interestFen - plan.totalInterestFen,
    newLastPayment: addMonths(input.advancePayment, newMonths),
    isPaidOff: false,
    calculationTips: '',
  });
}
