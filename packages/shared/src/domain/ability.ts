/**
 * Home-purchase ability assessor (购房能力评估, spec 3 §5, §9). The affordable loan is the monthly
 * amount the buyer can spend ÷ the payment per 10,000 元 for the term, capped at 3.2 × own funds;
 * the affordable price is that loan + 80 % of the funds. Funds in 万元, income and spending in 元
 * per month, area in ㎡, results in 分 (price) and 元/㎡ (unit price).
 */
import { ABILITY_RULES as RULES } from '../constants/rates';
import { equalInstalmentPaymentFen } from './loan';
import {
  calcError,
  calcOk,
  mulDivRound,
  percentOfFen,
  toHundredths,
  wanToFen,
  yuanToFen,
} from './money';
import type { CalcOutcome } from './money';

/**
 * The 29-value factor table: 等额本息 monthly payment in 元 per 10,000 元 borrowed, for terms of
 * 2 to 30 years (index = years − 2), at ABILITY_RULES.factorRatePct, to the fen.
 */
export const ABILITY_FACTORS: readonly number[] = Array.from(
  { length: RULES.maxYears - RULES.minYears + 1 },
  (_, i) =>
    equalInstalmentPaymentFen(1_000_000, (i + RULES.minYears) * 12, RULES.factorRatePct) / 100,
);

/** Factor (元 per 10,000 元 per month) for a term given in months (24–360, whole years). */
export function abilityFactor(loanMonths: number): number | undefined {
  return ABILITY_FACTORS[Math.floor(loanMonths / 12) - RULES.minYears];
}

export interface AbilityInput {
  /** Own funds for the purchase, 万元. */
  currentFundsWan: number;
  /** 元/month. */
  monthlyIncome: number;
  /** Planned monthly housing spending, 元/month. */
  monthlyExpenses: number;
  /** ㎡. */
  plannedArea: number;
  loanMonths: number;
}

export interface AbilityResult {
  loanFen: number;
  isLoanCapped: boolean;
  totalPriceFen: number;
  /** 元/㎡, rounded to the yuan. */
  unitPrice: number;
  /** Non-blocking warnings to show beside the result. */
  warnings: string[];
}

export const ABILITY_MESSAGES = {
  areaRequired: '请填写计划购买房屋面积',
  areaPositive: '计划购买房屋面积必须大于0',
  fundsTooLow: '您目前的购房资金不足，暂时还无法购房，建议继续积累首付资金。',
  fundsTooHigh: '您确定拥有超过一亿元的购房资金？',
  expenseTooHigh: '您的月支出超过了家庭月收入的70%，建议将月还款额控制在月收入的40%左右。',
} as const;

/** Runs the assessor; funds below 4.7 万元 stop with a message, other checks only warn. */
export function calculateAbility(input: AbilityInput): CalcOutcome<AbilityResult> {
  if (!(input.plannedArea > 0)) return calcError(ABILITY_MESSAGES.areaPositive);
  const factor = abilityFactor(input.loanMonths);
  if (factor === undefined) return calcError('请选择贷款年限');
  const fundsFen = wanToFen(Math.max(0, input.currentFundsWan || 0));
  if (fundsFen < wanToFen(RULES.minFundsWan)) return calcError(ABILITY_MESSAGES.fundsTooLow);
  const warnings: string[] = [];
  if (fundsFen > wanToFen(RULES.maxFundsWan)) warnings.push(ABILITY_MESSAGES.fundsTooHigh);
  const incomeFen = yuanToFen(Math.max(0, input.monthlyIncome || 0));
  const expenseFen = yuanToFen(Math.max(0, input.monthlyExpenses || 0));
  if (expenseFen * 100 > incomeFen * RULES.maxExpenseSharePct) {
    warnings.push(ABILITY_MESSAGES.expenseTooHigh);
  }
  const uncappedLoanFen = mulDivRound(expenseFen, 1_000_000, Math.round(factor * 100));
  const capFen = mulDivRound(fundsFen, Math.round(RULES.loanCapTimesFunds * 10), 10);
  const loanFen = Math.min(uncappedLoanFen, capFen);
  const totalPriceFen = loanFen + percentOfFen(fundsFen, RULES.fundsSharePct);
  const unitPrice = mulDivRound(totalPriceFen, 1, toHundredths(input.plannedArea));
  return calcOk({
    loanFen,
    isLoanCapped: uncappedLoanFen > capFen,
    totalPriceFen,
    unitPrice,
    warnings,
  });
}
