/**
 * Mortgage arithmetic: 等额本息 (equal instalment) and 等额本金 (equal principal), the way published
 * bank and portal calculators compute them (docs/product/calculators.md, docs/decisions/0007):
 * every figure is worked out unrounded — the monthly payment, each month's interest — and only
 * the figure shown is rounded to the fen. Amounts are in 分; rates are annual percentages and the
 * monthly rate is annual / 12.
 */
import { type ExactRow, roundScheduleRows, type ScheduleRow } from './loan-schedule';
import { pctToMicro, mulDivRound, roundFen } from './money';

export type { ScheduleRow } from './loan-schedule';

export type RepaymentMethod = 'equalInstalment' | 'equalPrincipal';

export const REPAYMENT_METHOD_LABEL: Record<RepaymentMethod, string> = {
  equalInstalment: '等额本息',
  equalPrincipal: '等额本金',
};

/** One loan: amount in 分, term in months, annual rate in %. */
export interface LoanPart {
  principalFen: number;
  months: number;
  annualPct: number;
}

/** The summary figures of a loan (or of the parts of a combined loan together), in 分. */
export interface LoanSummary {
  principalFen: number;
  /** The longest part's term. */
  months: number;
  /** 等额本息: the monthly payment; 等额本金: the first month's payment. */
  firstPaymentFen: number;
  /** 等额本金: how much the payment falls each month; 0 for 等额本息. */
  monthlyDecreaseFen: number;
  totalInterestFen: number;
  totalRepaymentFen: number;
}

/** A loan's summary with its month-by-month plan, rows rounded to the fen. */
export interface LoanSchedule extends LoanSummary {
  rows: ScheduleRow[];
  /**
   * What the last row differs from its own rounding so that the rows add up to the summary
   * (e.g. −101 分 for 1,000,000 元 / 360 months / 4.9 % 等额本息); 0 when nothing was moved.
   */
  lastRowAdjustmentFen: number;
}

interface ExactLoan {
  firstPayment: number;
  monthlyDecrease: number;
  totalInterest: number;
  rows: ExactRow[];
}

/**
 * 等额本息 monthly payment in 分, unrounded: P·r·(1+r)^n / ((1+r)^n − 1), r = annual % / 1200
 * (1,000,000 元, 360 months, 4.9 % → 530,726.72 分, shown as 5,307.27 元).
 */
export function equalInstalmentPayment(
  principalFen: number,
  months: number,
  annualPct: number,
): number {
  if (principalFen <= 0 || months <= 0) return 0;
  const r = annualPct / 1200;
  if (r === 0) return principalFen / months;
  const growth = (1 + r) ** months;
  return (principalFen * r * growth) / (growth - 1);
}

function exactEqualInstalment({ principalFen, months, annualPct }: LoanPart): ExactLoan {
  const payment = equalInstalmentPayment(principalFen, months, annualPct);
  const r = annualPct / 1200;
  const rows: ExactRow[] = [];
  let balance = principalFen;
  for (let period = 1; period <= months; period += 1) {
    const interest = balance * r;
    rows.push({ payment, interest, principal: payment - interest });
    balance -= payment - interest;
  }
  return {
    firstPayment: payment,
    monthlyDecrease: 0,
    totalInterest: payment * months - principalFen,
    rows,
  };
}

function exactEqualPrincipal({ principalFen, months, annualPct }: LoanPart): ExactLoan {
  const micro = pctToMicro(annualPct);
  const monthlyDivisor = 1_200_000_000;
  const share = principalFen / months;
  const rows: ExactRow[] = Array.from({ length: months }, (_, i) => {
    // Interest on the balance before month i + 1: P × (n − i) / n × r, kept exact until shown.
    const interest = (principalFen * (months - i) * micro) / (months * monthlyDivisor);
    return { payment: share + interest, interest, principal: share };
  });
  return {
    firstPayment: share + (principalFen * micro) / monthlyDivisor,
    monthlyDecrease: (share * micro) / monthlyDivisor,
    // P × r × (n + 1) / 2, the sum of the falling interest.
    totalInterest: (principalFen * micro * (months + 1)) / (2 * monthlyDivisor),
    rows,
  };
}

function exactLoan(method: RepaymentMethod, part: LoanPart): ExactLoan {
  if (part.principalFen <= 0 || part.months <= 0) {
    return { firstPayment: 0, monthlyDecrease: 0, totalInterest: 0, rows: [] };
  }
  return method === 'equalInstalment' ? exactEqualInstalment(part) : exactEqualPrincipal(part);
}

function addRows(rows: ExactRow[][]): ExactRow[] {
  const months = Math.max(0, ...rows.map((r) => r.length));
  return Array.from({ length: months }, (_, i) =>
    rows.reduce(
      (sum, part) => ({
        payment: sum.payment + (part[i]?.payment ?? 0),
        interest: sum.interest + (part[i]?.interest ?? 0),
        principal: sum.principal + (part[i]?.principal ?? 0),
      }),
      { payment: 0, interest: 0, principal: 0 },
    ),
  );
}

/**
 * The summary and schedule of a loan, or of a combined loan (commercial + provident fund) whose
 * parts share one repayment method. Each part's figures are added unrounded and rounded once to
 * the fen, as the published calculators show them; the rows are rounded month by month and the
 * last row takes whatever keeps their sums equal to the summary.
 */
export function calculateSchedule(method: RepaymentMethod, parts: LoanPart[]): LoanSchedule {
  const exact = parts.map((part) => exactLoan(method, part));
  const principalFen = parts.reduce((sum, part) => sum + Math.max(0, part.principalFen), 0);
  const totalInterestFen = roundFen(exact.reduce((sum, e) => sum + e.totalInterest, 0));
  const { rows, lastRowAdjustmentFen } = roundScheduleRows(
    addRows(exact.map((e) => e.rows)),
    method === 'equalInstalment' ? 'interest' : 'principal',
    principalFen,
    totalInterestFen,
  );
  return {
    principalFen,
    months: Math.max(0, ...parts.map((part) => part.months)),
    firstPaymentFen: roundFen(exact.reduce((sum, e) => sum + e.firstPayment, 0)),
    monthlyDecreaseFen: roundFen(exact.reduce((sum, e) => sum + e.monthlyDecrease, 0)),
    totalInterestFen,
    totalRepaymentFen: principalFen + totalInterestFen,
    rows,
    lastRowAdjustmentFen,
  };
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
