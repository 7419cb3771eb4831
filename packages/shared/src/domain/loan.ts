/**
 * Mortgage arithmetic: 等额本息 (equal instalment) and 等额本金 (equal principal) schedules in
 * integer 分. Rates are annual percentages; the monthly rate is annual / 12. Interest of each month
 * is the outstanding balance × monthly rate rounded to the fen; the last month settles the rest, so
 * total repayment = principal + total interest exactly.
 */
import { pctToMicro, mulDivRound } from './money';

export type RepaymentMethod = 'equalInstalment' | 'equalPrincipal';

export const REPAYMENT_METHOD_LABEL: Record<RepaymentMethod, string> = {
  equalInstalment: '等额本息',
  equalPrincipal: '等额本金',
};

/** One month of a schedule, amounts in 分; `balanceFen` is what remains after this payment. */
export interface ScheduleRow {
  period: number;
  paymentFen: number;
  principalFen: number;
  interestFen: number;
  balanceFen: number;
}

/** A loan's repayment plan and its totals (分). */
export interface LoanSchedule {
  principalFen: number;
  months: number;
  /** First month's payment (every month's for 等额本息 except a settling last month). */
  firstPaymentFen: number;
  /** 等额本金: how much each payment falls per month; 0 for 等额本息. */
  monthlyDecreaseFen: number;
  totalInterestFen: number;
  totalRepaymentFen: number;
  rows: ScheduleRow[];
}

/** Interest of one month in 分: balance × annual % / 12, rounded half up to the fen. */
export function monthlyInterestFen(balanceFen: number, annualPct: number): number {
  return mulDivRound(balanceFen, pctToMicro(annualPct), 1_200_000_000);
}

/**
 * 等额本息 monthly payment in 分 for `principalFen` over `months` at `annualPct` %/year:
 * P·r·(1+r)^n / ((1+r)^n − 1), rounded to the fen (1,000,000 元, 360, 4.9 → 530,727 分).
 */
export function equalInstalmentPaymentFen(
  principalFen: number,
  months: number,
  annualPct: number,
): number {
  if (principalFen <= 0 || months <= 0) return 0;
  const r = annualPct / 1200;
  if (r === 0) return Math.ceil(principalFen / months);
  const growth = (1 + r) ** months;
  return Math.round((principalFen * r * growth) / (growth - 1));
}

function buildRows(
  principalFen: number,
  months: number,
  annualPct: number,
  principalOf: (period: number, interestFen: number) => number,
): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  let balance = principalFen;
  for (let period = 1; period <= months && balance > 0; period += 1) {
    const interestFen = monthlyInterestFen(balance, annualPct);
    const wanted = period === months ? balance : principalOf(period, interestFen);
    const principalPart = Math.min(balance, Math.max(0, wanted));
    balance -= principalPart;
    rows.push({
      period,
      paymentFen: principalPart + interestFen,
      principalFen: principalPart,
      interestFen,
      balanceFen: balance,
    });
  }
  return rows;
}

function summarise(
  principalFen: number,
  months: number,
  rows: ScheduleRow[],
  monthlyDecreaseFen: number,
): LoanSchedule {
  const totalInterestFen = rows.reduce((sum, row) => sum + row.interestFen, 0);
  return {
    principalFen,
    months,
    firstPaymentFen: rows[0]?.paymentFen ?? 0,
    monthlyDecreaseFen,
    totalInterestFen,
    totalRepaymentFen: principalFen + totalInterestFen,
    rows,
  };
}

/** 等额本息 schedule: a fixed payment, the last month settling the remaining balance. */
export function equalInstalmentSchedule(
  principalFen: number,
  months: number,
  annualPct: number,
): LoanSchedule {
  const payment = equalInstalmentPaymentFen(principalFen, months, annualPct);
  const rows = buildRows(principalFen, months, annualPct, (_, interest) => payment - interest);
  return summarise(principalFen, months, rows, 0);
}

/**
 * 等额本金 schedule: principal ÷ months each month (rounded to the fen, the last month settling),
 * plus interest on the falling balance; the payment falls by about principal share × monthly rate.
 */
export function equalPrincipalSchedule(
  principalFen: number,
  months: number,
  annualPct: number,
): LoanSchedule {
  const share = months > 0 ? Math.round(principalFen / months) : 0;
  const rows = buildRows(principalFen, months, annualPct, () => share);
  const decrease = monthlyInterestFen(share, annualPct);
  return summarise(principalFen, months, rows, decrease);
}

/** The schedule of one loan by repayment method. */
export function loanSchedule(
  method: RepaymentMethod,
  principalFen: number,
  months: number,
  annualPct: number,
): LoanSchedule {
  return method === 'equalInstalment'
    ? equalInstalmentSchedule(principalFen, months, annualPct)
    : equalPrincipalSchedule(principalFen, months, annualPct);
}

/** Adds two schedules month by month (combined commercial + provident-fund loan). */
export function mergeSchedules(a: LoanSchedule, b: LoanSchedule): LoanSchedule {
  const months = Math.max(a.rows.length, b.rows.length);
  const rows: ScheduleRow[] = [];
  for (let i = 0; i < months; i += 1) {
    const x = a.rows[i];
    const y = b.rows[i];
    rows.push({
      period: i + 1,
      paymentFen: (x?.paymentFen ?? 0) + (y?.paymentFen ?? 0),
      principalFen: (x?.principalFen ?? 0) + (y?.principalFen ?? 0),
      interestFen: (x?.interestFen ?? 0) + (y?.interestFen ?? 0),
      balanceFen: (x?.balanceFen ?? 0) + (y?.balanceFen ?? 0),
    });
  }
  return summarise(
    a.principalFen + b.principalFen,
    Math.max(a.months, b.months),
    rows,
    a.monthlyDecreaseFen + b.monthlyDecreaseFen,
  );
}

/** Commercial rate from its mode: LPR + basis points (1 bp = 0.01 %), or benchmark × multiplier. */
export function resolveCommercialRatePct(
  input:
    | { rateType: 'lpr'; lprPct: number; basePoint: number }
    | { rateType: 'benchmark'; benchmarkPct: number; multiplier: number },
): number {
  const micro =
    input.rateType === 'lpr'
      ? pctToMicro(input.lprPct) + Math.round(input.basePoint * 10_000)
      : mulDivRound(pctToMicro(input.benchmarkPct), Math.round(input.multiplier * 10_000), 10_000);
  return micro / 1_000_000;
}
