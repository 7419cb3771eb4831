/**
 * Re-planning a 等额本息 loan after a partial early repayment: the shortest term whose payment
 * stays within the old one (月还款额基本不变，缩短还款期限). Amounts in 分 (unrounded floats).
 */
import { equalInstalmentPayment } from './loan';

/**
 * Fewest months, between 1 and `maxMonths`, over which `balanceFen` is repaid 等额本息 at
 * `annualPct` with a payment no larger than `paymentFen`.
 */
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
  while (months > 1 && equalInstalmentPayment(balanceFen, months - 1, annualPct) <= paymentFen) {
    months -= 1;
  }
  while (months < maxMonths && equalInstalmentPayment(balanceFen, months, annualPct) > paymentFen) {
    months += 1;
  }
  return months;
}
