/**
 * The month-by-month plan shown under a loan's summary: each row rounded to the fen for display,
 * the last row taking the rounding remainder so that the rows add up exactly to the summary
 * (docs/product/calculators.md). Amounts in 分.
 */
import { roundFen } from './money';

/** One month of a schedule, amounts in 分; `balanceFen` is what remains after this payment. */
export interface ScheduleRow {
  period: number;
  paymentFen: number;
  principalFen: number;
  interestFen: number;
  balanceFen: number;
}

/** One month before rounding, in 分 as floats. */
export interface ExactRow {
  payment: number;
  interest: number;
  principal: number;
}

/**
 * Rounds exact rows to the fen. The payment is always rounded on its own, so every row shows the
 * payment the summary gives; `kept` is the second column rounded on its own — the interest for
 * 等额本息, the principal (principal ÷ months) for 等额本金 — and the third is the difference. The
 * last row is set so that the principal column adds up to `principalFen` and the interest column
 * to `totalInterestFen`.
 */
export function roundScheduleRows(
  exact: ExactRow[],
  kept: 'interest' | 'principal',
  principalFen: number,
  totalInterestFen: number,
): { rows: ScheduleRow[]; lastRowAdjustmentFen: number } {
  const rows: ScheduleRow[] = [];
  let principalSoFar = 0;
  let interestSoFar = 0;
  exact.forEach((row, index) => {
    let principal: number;
    let interest: number;
    if (index === exact.length - 1) {
      principal = principalFen - principalSoFar;
      interest = totalInterestFen - interestSoFar;
    } else if (kept === 'interest') {
      interest = roundFen(row.interest);
      principal = roundFen(row.payment) - interest;
    } else {
      principal = roundFen(row.principal);
      interest = roundFen(row.payment) - principal;
    }
    principalSoFar += principal;
    interestSoFar += interest;
    rows.push({
      period: index + 1,
      paymentFen: principal + interest,
      principalFen: principal,
      interestFen: interest,
      balanceFen: principalFen - principalSoFar,
    });
  });
  const last = rows.at(-1);
  const lastExact = exact.at(-1);
  return {
    rows,
    lastRowAdjustmentFen: last && lastExact ? last.paymentFen - roundFen(lastExact.payment) : 0,
  };
}
