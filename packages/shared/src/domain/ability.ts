/**
 * Home-purchase ability assessor (购房能力评估) as the published calculators run it
 * (docs/product/calculators.md): the affordable loan is the monthly spending ÷ the published
 * payment per 10,000 元 for the term, rounded to whole 万元 and capped at 3.2 × own funds; the
 * affordable price is that loan + 80 % of the funds. Warnings never stop the result. Funds in
 * 万元, income and spending in 元 per month, area in ㎡, results in 分.
 */
import { ABILITY_RULES as RULES } from '../constants/rates';
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

/** Published factor (元 per 10,000 元 a month) for a term in months (24–360, whole years). */
export function abilityFactor(loanMonths: number): number | undefined {
  return RULES.factorTable[Math.floor(loanMonths / 12) - RULES.minYears];
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
  /** Price per ㎡ in 分 (total price ÷ area, to the fen). */
  unitPriceFen: number;
  /** Warnings shown beside the result; they never stop it. */
  warnings: string[];
}

export const ABILITY_MESSAGES = {
  areaRequired: '请填写计划购买房屋面积',
  areaPositive: '计划购买房屋面积必须大于0',
  termRequired: '请选择贷款年限',
  fundsTooHigh: '您确定拥有超过一亿元的购房资金？',
} as const;

/** Low-funds warning with the amount as entered, e.g. 3 → 您确定是3万元？… */
export function fundsTooLowMessage(fundsWan: number): string {
  return `您确定是${fundsWan}万元？那么您目前尚不具备购房能力，建议积攒积蓄或能筹集更多的资金。`;
}

/** Spending warning with 40 % of the income as the suggestion, e.g. 6000 → 建议在40%（2400元）左右. */
export function expenseTooHighMessage(incomeFen: number): string {
  const suggestedFen = mulDivRound(incomeFen, RULES.suggestedExpenseSharePct, 100);
  return (
    `您预计家庭每月可用于购房支出已超过家庭月收入的${RULES.maxExpenseSharePct}%，` +
    '是否确定不会影响您的正常生活消费？' +
    `建议在${RULES.suggestedExpenseSharePct}%（${suggestedFen / 100}元）左右`
  );
}

function warningsOf(fundsWan: number, incomeFen: number, expenseFen: number): string[] {
  const warnings: string[] = [];
  if (fundsWan < RULES.minFundsWan) warnings.push(fundsTooLowMessage(fundsWan));
  if (fundsWan > RULES.maxFundsWan) warnings.push(ABILITY_MESSAGES.fundsTooHigh);
  if (expenseFen * 100 > incomeFen * RULES.maxExpenseSharePct) {
    warnings.push(expenseTooHighMessage(incomeFen));
  }
  return warnings;
}

/** Runs the assessor; only a missing area or term stops it, every other check only warns. */
export function calculateAbility(input: AbilityInput): CalcOutcome<AbilityResult> {
  if (!(input.plannedArea > 0)) return calcError(ABILITY_MESSAGES.areaPositive);
  const factor = abilityFactor(input.loanMonths);
  if (factor === undefined) return calcError(ABILITY_MESSAGES.termRequired);
  const fundsWan = Math.max(0, input.currentFundsWan || 0);
  const fundsFen = wanToFen(fundsWan);
  const incomeFen = yuanToFen(Math.max(0, input.monthlyIncome || 0));
  const expenseFen = yuanToFen(Math.max(0, input.monthlyExpenses || 0));
  // spending ÷ factor counts 万元, rounded to a whole 万: (fen / 100) ÷ (milli / 1000).
  const loanWan = mulDivRound(expenseFen, 10, Math.round(factor * 1000));
  const uncappedLoanFen = loanWan * 1_000_000;
  const capFen = mulDivRound(fundsFen, Math.round(RULES.loanCapTimesFunds * 10), 10);
  const loanFen = Math.min(uncappedLoanFen, capFen);
  const totalPriceFen = loanFen + percentOfFen(fundsFen, RULES.fundsSharePct);
  return calcOk({
    loanFen,
    isLoanCapped: uncappedLoanFen > capFen,
    totalPriceFen,
    unitPriceFen: mulDivRound(totalPriceFen, 100, toHundredths(input.plannedArea)),
    warnings: warningsOf(fundsWan, incomeFen, expenseFen),
  });
}
