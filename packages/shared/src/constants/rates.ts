/**
 * Loan and rate constants of the calculators (docs/product/calculators.md), each with the date it
 * took effect. Amounts are in 元 unless named otherwise. The loan rates themselves live in
 * ./loan-rates (the one dated rate table); what here is a rate is derived from it. A policy change
 * is a one-line edit; formulas never hold these numbers.
 */

import {
  CURRENT_LPR,
  CURRENT_PROVIDENT,
  OLD_BENCHMARK,
  SHORT_TERM_MAX_YEARS,
  formatRateDate,
} from './loan-rates';

/** Form defaults of the loan tab (docs/product/calculators.md); rates from ./loan-rates. */
export const LOAN_DEFAULTS = {
  /** Commercial LPR over five years, %. */
  lprPct: CURRENT_LPR.overFiveYearsPct,
  /** Basis points added to the LPR (1 bp = 0.01 %). */
  basePoint: 0,
  /** Commercial benchmark rate of the 旧版基准利率 mode, %. */
  commercialBenchmarkPct: OLD_BENCHMARK.commercial.overFiveYearsPct,
  /** Provident-fund rate (first home, over five years), %. */
  providentPct: CURRENT_PROVIDENT.firstHome.overFiveYearsPct,
  /** Loan term, years. */
  years: 20,
  /** Multiplier applied to a benchmark rate. */
  multiplier: 1,
  /** 首付比例 of the 按房价 mode, % of the total price. */
  downPaymentPct: 30,
} as const;

/** 首付比例 choices of the 按房价 mode, % (15 % is the lowest a bank lends on today). */
export const DOWN_PAYMENT_PCT_OPTIONS: readonly number[] = Array.from(
  { length: 16 },
  (_, i) => 15 + i * 5,
);

/** Loan terms offered by the loan tab, in years (also for each part of a combined loan). */
export const LOAN_YEAR_OPTIONS: readonly number[] = Array.from({ length: 30 }, (_, i) => i + 1);

/** A rate offered in a select: its label and annual %. */
export interface RatePreset {
  label: string;
  ratePct: number;
}

/** The old benchmark × a float, to 0.01 % (half up): the presets of the 旧版基准利率 mode. */
const BENCHMARK_FLOATS: ReadonlyArray<[label: string, timesPct: number]> = [
  ['基准利率', 100],
  ['上浮40%', 140],
  ['上浮20%', 120],
  ['上浮15%', 115],
  ['上浮10%', 110],
  ['上浮5%', 105],
  ['下浮5%', 95],
  ['下浮10%', 90],
  ['下浮15%', 85],
  ['下浮20%', 80],
  ['下浮30%', 70],
];

/** Commercial rate presets of the 旧版基准利率 mode, % (label says the change against the benchmark). */
export const COMMERCIAL_RATE_PRESETS: readonly RatePreset[] = BENCHMARK_FLOATS.map(
  ([label, timesPct]) => ({
    label,
    ratePct:
      Math.round((Math.round(OLD_BENCHMARK.commercial.overFiveYearsPct * 100) * timesPct) / 100) /
      100,
  }),
);

/** Provident-fund rate presets: the rates in force, first and second home, by term. */
export const PROVIDENT_RATE_PRESETS: readonly RatePreset[] = [
  { label: '首套5年以上', ratePct: CURRENT_PROVIDENT.firstHome.overFiveYearsPct },
  { label: '首套5年以下', ratePct: CURRENT_PROVIDENT.firstHome.upToFiveYearsPct },
  { label: '二套5年以上', ratePct: CURRENT_PROVIDENT.secondHome.overFiveYearsPct },
  { label: '二套5年以下', ratePct: CURRENT_PROVIDENT.secondHome.upToFiveYearsPct },
];

/** Terms of the ability and early-repayment tabs, months: 24–120 by 12, then 180/240/300/360. */
export const TERM_MONTH_OPTIONS: readonly number[] = [
  ...Array.from({ length: 9 }, (_, i) => 24 + i * 12),
  180,
  240,
  300,
  360,
];

/**
 * Home-purchase ability assessor (购房能力评估), as the widely copied published calculators run
 * it (docs/decisions/0007 names where the table was found). `factorTable` is their monthly payment
 * in 元 per 10,000 元 borrowed for terms of 2 to 30 years, indexed by years − 2 (29 values).
 */
export const ABILITY_RULES = {
  factorTable: [
    440.104, 301.103, 231.7, 190.136, 163.753, 144.08, 129.379, 117.991, 108.923, 101.542, 95.425,
    90.282, 85.902, 82.133, 78.861, 75.997, 73.473, 71.236, 69.241, 67.455, 65.848, 64.397, 63.082,
    61.887, 60.798, 59.802, 58.89, 58.052, 57.282,
  ],
  minYears: 2,
  maxYears: 30,
  /** The affordable loan is at most this many times the buyer's own funds. */
  loanCapTimesFunds: 3.2,
  /** Share of the own funds that goes into the price (the rest pays taxes and fees), %. */
  fundsSharePct: 80,
  /** Below this many 万元 of funds the buyer is warned they cannot yet afford a home. */
  minFundsWan: 4.7,
  /** Above this many 万元 the assessor asks whether the figure is real. */
  maxFundsWan: 10_000,
  /** Monthly spending above this share of income gets a warning, %. */
  maxExpenseSharePct: 70,
  /** The share of income the expense warning suggests instead, %. */
  suggestedExpenseSharePct: 40,
} as const;

/** Early-repayment rate sets by code: annual %, up to five years and above. */
export interface EarlyRepaymentRateSet {
  code: string;
  /** Short name (the option's title), e.g. 现行利率. */
  name: string;
  label: string;
  /** Since when the set's rates apply (YYYY-MM-DD). */
  effectiveFrom: string;
  commercial: { upTo5Years: number; over5Years: number };
  provident: { upTo5Years: number; over5Years: number };
}

const lpr = CURRENT_LPR;
const hpf = CURRENT_PROVIDENT.firstHome;
const old = OLD_BENCHMARK;

export const EARLY_REPAYMENT_RATE_SETS: readonly EarlyRepaymentRateSet[] = [
  {
    code: 'lpr',
    name: '现行利率',
    label: `现行利率（商贷LPR ${lpr.oneYearPct}%/${lpr.overFiveYearsPct}%，公积金${hpf.upToFiveYearsPct}%/${hpf.overFiveYearsPct}%）`,
    effectiveFrom: lpr.effectiveFrom,
    commercial: { upTo5Years: lpr.oneYearPct, over5Years: lpr.overFiveYearsPct },
    provident: { upTo5Years: hpf.upToFiveYearsPct, over5Years: hpf.overFiveYearsPct },
  },
  {
    code: 'benchmark',
    name: '旧版基准利率',
    label: `旧版基准利率（商贷${old.commercial.upToFiveYearsPct}%/${old.commercial.overFiveYearsPct}%，公积金${old.provident.upToFiveYearsPct}%/${old.provident.overFiveYearsPct}%，${formatRateDate(old.effectiveFrom)}起）`,
    effectiveFrom: old.effectiveFrom,
    commercial: {
      upTo5Years: old.commercial.upToFiveYearsPct,
      over5Years: old.commercial.overFiveYearsPct,
    },
    provident: {
      upTo5Years: old.provident.upToFiveYearsPct,
      over5Years: old.provident.overFiveYearsPct,
    },
  },
];

/** Early-repayment defaults and year lists (docs/product/calculators.md). */
export const EARLY_REPAYMENT_DEFAULTS = {
  termMonths: 180,
  rateCode: 'lpr',
  /** The earliest first-payment year offered; the latest is the current year. */
  firstYearFrom: 1999,
  advanceYearRange: [1999, 2060],
  /** Terms up to this many months use the "up to five years" rate. */
  shortTermMaxMonths: SHORT_TERM_MAX_YEARS * 12,
} as const;

/** Provident-fund loan limit of the standalone form (docs/product/calculators.md). */
export const PROVIDENT_LIMIT_RULES = {
  capFirstPurchase: 600_000,
  capSecondPurchase: 300_000,
  maxTermYears: 30,
  ageLimitMale: 60,
  ageLimitFemale: 55,
  /** Contribution ratios offered, %. */
  ratioOptionsPct: [10, 16, 20, 24],
  /** Factor by term: the first band whose maxYears covers the term applies. */
  factorBands: [
    { maxYears: 10, factor: 0.35 },
    { maxYears: 20, factor: 0.4 },
    { maxYears: 30, factor: 0.45 },
  ],
  /** The limit is rounded up to a multiple of this many 元. */
  roundUpTo: 10_000,
  effectiveFrom: '2022-10-01',
} as const;
