/**
 * Early-repayment calculator (提前还款计算器) for a 等额本息 loan, figured the way the published
 * 提前还款计算器 figure it (docs/product/calculators.md): k = months from the first payment to the
 * early-repayment month; "paid so far" is k unrounded payments and their unrounded interest;
 * month k + 1 is paid normally plus the lump sum, and the rest is re-planned by shortening the
 * term (payment at most the old one) or reducing the payment (last date kept). Every figure is
 * rounded to the fen only when shown. Amounts in 分 unless a name says 万元; dates are calendar
 * year and month (1–12).
 */
import { EARLY_REPAYMENT_DEFAULTS, EARLY_REPAYMENT_RATE_SETS } from '../constants/rates';
import { monthsForPayment } from './early-repayment-plan';
import { equalInstalmentPayment } from './loan';
import { calcError, calcOk, roundFen, wanToFen, type CalcOutcome } from './money';

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
  /** A code of EARLY_REPAYMENT_RATE_SETS, or 'custom' for the loan's own rate. */
  rateCode: string;
  /** The loan's own annual rate, % (rate code 'custom'). */
  customRatePct?: number;
  firstPayment: YearMonth;
  /** The current month: a first payment after it is refused. */
  today?: YearMonth;
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
  customRateRequired: '请输入执行利率',
  customRateRange: '执行利率应在0至24%之间',
  firstPaymentFuture: '第一次还款时间不能晚于当前月份',
} as const;

/** The rate code of the loan's own rate, typed by the borrower. */
export const CUSTOM_RATE_CODE = 'custom';
/** The highest own rate accepted, % (the legal ceiling on private lending is lower still). */
const MAX_CUSTOM_RATE_PCT = 24;

/** Adds `months` to a year and month: (2020, 1) + 13 → (2021, 2). */
export function addMonths(date: YearMonth, months: number): YearMonth {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Whole months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: YearMonth, to: YearMonth): number {
  return to.year * 12 + to.month - (from.year * 12 + from.month);
}

/** Annual rate % of a rate code for the loan type and term (up to five years, or above). */
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

interface PaidSoFar {
  /** Unrounded payments and interest of the first k months, 分. */
  amount: number;
  interest: number;
  /** Unrounded balance after k months, 分. */
  balance: number;
}

function paidSoFar(principalFen: number, payment: number, annualPct: number, k: number): PaidSoFar {
  const r = annualPct / 1200;
  let interest = 0;
  let balance = principalFen;
  for (let month = 1; month <= k; month += 1) {
    interest += balance * r;
    balance -= payment - balance * r;
  }
  return { amount: payment * k, interest, balance: Math.max(0, balance) };
}

/** Runs the early-repayment calculator; a date conflict or a missing input stops it. */
export function calculateEarlyRepayment(
  input: EarlyRepaymentInput,
): CalcOutcome<EarlyRepaymentResult> {
  const principalFen = wanToFen(input.originalLoanWan);
  if (!(principalFen > 0)) return calcError(EARLY_REPAYMENT_MESSAGES.amountRequired);
  let annualPct: number | undefined;
  if (input.rateCode === CUSTOM_RATE_CODE) {
    annualPct = input.customRatePct;
    if (annualPct === undefined || !(annualPct > 0)) {
      return calcError(EARLY_REPAYMENT_MESSAGES.customRateRequired);
    }
    if (annualPct > MAX_CUSTOM_RATE_PCT) return calcError(EARLY_REPAYMENT_MESSAGES.customRateRange);
  } else {
    annualPct = earlyRepaymentRatePct(input.rateCode, input.loanType, input.termMonths);
  }
  if (annualPct === undefined) return calcError(EARLY_REPAYMENT_MESSAGES.rateRequired);
  if (input.today && monthsBetween(input.today, input.firstPayment) > 0) {
    return calcError(EARLY_REPAYMENT_MESSAGES.firstPaymentFuture);
  }
  const n = input.termMonths;
  const k = monthsBetween(input.firstPayment, input.advancePayment);
  if (k < 0 || k > n) return calcError(EARLY_REPAYMENT_MESSAGES.dateConflict);
  const lumpFen = input.advanceType === 'partial' ? wanToFen(input.partialWan ?? 0) : 0;
  if (input.advanceType === 'partial' && !(lumpFen > 0)) {
    return calcError(EARLY_REPAYMENT_MESSAGES.partialRequired);
  }
  const r = annualPct / 1200;
  const payment = equalInstalmentPayment(principalFen, n, annualPct);
  const paid = paidSoFar(principalFen, payment, annualPct, k);
  const common = {
    annualPct,
    originalMonthlyFen: roundFen(payment),
    originalLastPayment: addMonths(input.firstPayment, n - 1),
    paidAmountFen: roundFen(paid.amount),
    paidInterestFen: roundFen(paid.interest),
  };
  // All still owed, settled in the early-repayment month: balance plus that month's interest.
  const settle = paid.balance * (1 + r);
  if (input.advanceType === 'full' || lumpFen + payment >= settle) {
    return calcOk({
      ...common,
      currentMonthPaymentFen: roundFen(settle),
      nextMonthPaymentFen: 0,
      savedInterestFen: roundFen(payment * n - paid.amount - settle),
      newLastPayment: input.advancePayment,
      isPaidOff: true,
      calculationTips: input.advanceType === 'partial' ? EARLY_REPAYMENT_MESSAGES.paidOff : '',
    });
  }
  const after = settle - payment - lumpFen;
  const remaining = n - k - 1;
  const newMonths =
    input.processMethod === 'reducePayment'
      ? remaining
      : monthsForPayment(after, payment, annualPct, remaining);
  const nextPayment = equalInstalmentPayment(after, newMonths, annualPct);
  return calcOk({
    ...common,
    currentMonthPaymentFen: roundFen(payment + lumpFen),
    nextMonthPaymentFen: roundFen(nextPayment),
    savedInterestFen: roundFen(
      payment * n - paid.amount - (payment + lumpFen) - nextPayment * newMonths,
    ),
    newLastPayment: addMonths(input.advancePayment, newMonths),
    isPaidOff: false,
    calculationTips: '',
  });
}
