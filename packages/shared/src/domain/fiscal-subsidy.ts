/**
 * The fiscal-subsidy tab (财政补贴计算器, docs/product/calculators.md): 1 % of the total price,
 * plus any other subsidy the buyer enters; actual cost = price − subsidies. Amounts in 分.
 */
import { FISCAL_SUBSIDY_RULES } from '../constants/policy';
import { calcError, calcOk, percentOfFen, priceTimesAreaFen, type CalcOutcome } from './money';

export interface SubsidyInput {
  /** 元/㎡. */
  unitPrice: number;
  /** ㎡. */
  area: number;
  /** 分. */
  otherSubsidyFen: number;
}

export interface SubsidyResult {
  totalPriceFen: number;
  /** Subsidy rate applied, %. */
  ratePct: number;
  govSubsidyFen: number;
  otherSubsidyFen: number;
  actualCostFen: number;
}

/** Computes the fiscal subsidy and the actual cost of a new home. */
export function calculateFiscalSubsidy(input: SubsidyInput): CalcOutcome<SubsidyResult> {
  const totalPriceFen = priceTimesAreaFen(input.unitPrice, input.area);
  if (totalPriceFen <= 0) return calcError('请填写单价和面积');
  const govSubsidyFen = percentOfFen(totalPriceFen, FISCAL_SUBSIDY_RULES.ratePct);
  const otherSubsidyFen = Math.max(0, input.otherSubsidyFen);
  const actualCostFen = totalPriceFen - govSubsidyFen - otherSubsidyFen;
  if (actualCostFen < 0) return calcError('补贴金额不能超过房屋总价');
  return calcOk({
    totalPriceFen,
    ratePct: FISCAL_SUBSIDY_RULES.ratePct,
    govSubsidyFen,
    otherSubsidyFen,
    actualCostFen,
  });
}
