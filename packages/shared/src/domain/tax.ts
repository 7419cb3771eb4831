/**
 * Tax and fee calculator (税费计算器, docs/product/calculators.md). New home: total price,
 * maintenance fund, deed tax. Second-hand: also VAT and personal income tax. Prices in 元/㎡
 * (unit price) or 元 (original purchase price), areas in ㎡, results in 分.
 */
import {
  DEED_TAX_RULE_SETS,
  DEFAULT_DEED_TAX_RULE_SET_ID,
  MAINTENANCE_FUND_PER_M2,
  PERSONAL_TAX_RULES,
  VAT_RULES,
  type HomeOrdinal,
} from '../constants/policy';
import {
  calcError,
  calcOk,
  mulDivRound,
  percentOfFen,
  priceTimesAreaFen,
  toHundredths,
  yuanToFen,
  type CalcOutcome,
} from './money';

export type BuyType = 'new' | 'secondHand';
export type HouseCategory = 'residential' | 'nonResidential';
/** How long the seller has held the home: under 2 years, 2 to under 5, 5 or more. */
export type HoldingPeriod = 'under2' | 'from2To5' | 'over5';
export type SellerNature = 'onlyHome' | 'notOnlyHome';

export const HOLDING_PERIOD_LABEL: Record<HoldingPeriod, string> = {
  under2: '不满2年',
  from2To5: '满2年不满5年',
  over5: '满5年及以上',
};

export interface TaxInput {
  buyType: BuyType;
  /** Buyer's home ordinal (购房性质). */
  property: HomeOrdinal;
  houseType: HouseCategory;
  /** 元/㎡. */
  unitPrice: number;
  /** ㎡. */
  area: number;
  hasLift: boolean;
  deedTaxRuleSetId?: string;
  /** Second-hand only. */
  holding?: HoldingPeriod;
  /** Second-hand only: what the seller paid, 元. */
  originalPrice?: number;
  sellerNature?: SellerNature;
}

export interface TaxResult {
  totalPriceFen: number;
  maintenanceFundFen: number;
  deedTaxPct: number;
  deedTaxFen: number;
  /** Second-hand only (0 for a new home). */
  addedTaxFen: number;
  personalTaxFen: number;
  totalTaxAndFeesFen: number;
}

/** Deed-tax rate % for the buyer's home ordinal, area (㎡) and house category. */
export function deedTaxPct(
  property: HomeOrdinal,
  area: number,
  houseType: HouseCategory,
  ruleSetId: string = DEFAULT_DEED_TAX_RULE_SET_ID,
): number {
  const rules = DEED_TAX_RULE_SETS.find((r) => r.id === ruleSetId) ?? DEED_TAX_RULE_SETS[0]!;
  if (houseType === 'nonResidential') return rules.nonResidentialPct;
  if (property === 'third') return rules.thirdPct;
  const band = rules[property];
  return toHundredths(area) <= toHundredths(rules.areaThreshold) ? band.upTo : band.above;
}

/** Maintenance fund in 分: 120 元/㎡ with a lift, 75 元/㎡ without. */
export function maintenanceFundFen(area: number, hasLift: boolean): number {
  const perM2 = hasLift ? MAINTENANCE_FUND_PER_M2.withLift : MAINTENANCE_FUND_PER_M2.withoutLift;
  return mulDivRound(toHundredths(area), perM2 * 100, 100);
}

/** Second-hand VAT in 分: base / 1.05 × 5 %, base = price (residential < 2 years) or the gain. */
export function addedTaxFen(
  priceFen: number,
  originalFen: number,
  houseType: HouseCategory,
  holding: HoldingPeriod,
): number {
  const base =
    houseType === 'residential'
      ? holding === 'under2'
        ? priceFen
        : 0
      : Math.max(0, priceFen - originalFen);
  return mulDivRound(base, VAT_RULES.ratePct * 100, 100 * 100 + VAT_RULES.ratePct * 100);
}

/** Second-hand personal income tax in 分 (1 % of price, or 20 % of the gain if non-residential). */
export function personalTaxFen(
  priceFen: number,
  originalFen: number,
  houseType: HouseCategory,
  holding: HoldingPeriod,
  sellerNature: SellerNature,
): number {
  if (houseType === 'nonResidential') {
    return percentOfFen(
      Math.max(0, priceFen - originalFen),
      PERSONAL_TAX_RULES.nonResidentialGainPct,
    );
  }
  const isExempt = holding === 'over5' && sellerNature === 'onlyHome';
  return isExempt ? 0 : percentOfFen(priceFen, PERSONAL_TAX_RULES.residentialPricePct);
}

/** Runs the tax tab for a new or second-hand home. */
export function calculateTax(input: TaxInput): CalcOutcome<TaxResult> {
  const totalPriceFen = priceTimesAreaFen(input.unitPrice, input.area);
  if (totalPriceFen <= 0) return calcError('请填写单价和面积');
  const rate = deedTaxPct(input.property, input.area, input.houseType, input.deedTaxRuleSetId);
  const deedTaxFen = percentOfFen(totalPriceFen, rate);
  const fundFen = maintenanceFundFen(input.area, input.hasLift);
  let vat = 0;
  let pit = 0;
  if (input.buyType === 'secondHand') {
    if (!input.holding) return calcError('请选择几年内转让');
    if (input.originalPrice === undefined) return calcError('请填写原购房价格');
    if (!input.sellerNature) return calcError('请选择卖方性质');
    const originalFen = yuanToFen(input.originalPrice);
    vat = addedTaxFen(totalPriceFen, originalFen, input.houseType, input.holding);
    pit = personalTaxFen(
      totalPriceFen,
      originalFen,
      input.houseType,
      input.holding,
      input.sellerNature,
    );
  }
  return calcOk({
    totalPriceFen,
    maintenanceFundFen: fundFen,
    deedTaxPct: rate,
    deedTaxFen,
    addedTaxFen: vat,
    personalTaxFen: pit,
    totalTaxAndFeesFen: fundFen + deedTaxFen + vat + pit,
  });
}
