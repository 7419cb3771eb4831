/**
 * Tax, fee and subsidy policy of the calculators (docs/product/calculators.md), each rule set with
 * the date it took effect. Percentages are plain numbers (1 means 1 %); areas are ㎡; money is 元.
 */

/** Whose purchase this is for the deed tax: 首套 / 二套 / 三套及以上. */
export type HomeOrdinal = 'first' | 'second' | 'third';

export const HOME_ORDINAL_LABEL: Record<HomeOrdinal, string> = {
  first: '首套',
  second: '二套',
  third: '三套及以上',
};

/** A deed-tax rule set: residential bands by home ordinal, plus the non-residential rate. */
export interface DeedTaxRuleSet {
  id: string;
  label: string;
  effectiveFrom: string;
  /** Area (㎡) up to and including which the lower rate applies. */
  areaThreshold: number;
  first: { upTo: number; above: number };
  second: { upTo: number; above: number };
  thirdPct: number;
  nonResidentialPct: number;
}

/** Rules in force from 2024-12-01 (the default) and the older rules, selectable. */
export const DEED_TAX_RULE_SETS: readonly DeedTaxRuleSet[] = [
  {
    id: '2024-12-01',
    label: '2024年12月1日起执行',
    effectiveFrom: '2024-12-01',
    areaThreshold: 140,
    first: { upTo: 1, above: 1.5 },
    second: { upTo: 1, above: 2 },
    thirdPct: 3,
    nonResidentialPct: 3,
  },
  {
    id: '2016-02-22',
    label: '2024年12月1日前购房',
    effectiveFrom: '2016-02-22',
    areaThreshold: 90,
    first: { upTo: 1, above: 1.5 },
    second: { upTo: 1, above: 2 },
    thirdPct: 3,
    nonResidentialPct: 3,
  },
];

export const DEFAULT_DEED_TAX_RULE_SET_ID = '2024-12-01';

/** Maintenance fund (专项维修资金), 元 per ㎡ of building area. */
export const MAINTENANCE_FUND_PER_M2 = { withLift: 120, withoutLift: 75 } as const;

/** Second-hand VAT: 5 % of the price net of 5 % (price / 1.05 × 5 %). */
export const VAT_RULES = {
  ratePct: 5,
  /** Residential homes held at least this many years are exempt. */
  residentialExemptYears: 2,
} as const;

/** Second-hand personal income tax. */
export const PERSONAL_TAX_RULES = {
  /** Residential: share of the price, unless held five years and the seller's only home. */
  residentialPricePct: 1,
  residentialExemptYears: 5,
  /** Non-residential: share of the gain. */
  nonResidentialGainPct: 20,
} as const;

/** Fiscal subsidy for buying a new home: share of the total price, %. */
export const FISCAL_SUBSIDY_RULES = { ratePct: 1, effectiveFrom: '2024-12-01' } as const;
