/**
 * Loan and rate constants of the calculators (docs/product/calculators.md), each with the date it
 * took effect. Rates are annual percentages (4.9 means 4.9 %/year); amounts are in 元 unless named otherwise.
 * A policy change is a one-line edit here; formulas never hold these numbers.
 */

/** A published rate with the date (YYYY-MM-DD) from which it applies. */
export interface DatedRate {
  label: string;
  ratePct: number;
  effectiveFrom: string;
}

/** Loan Prime Rate (LPR) as published on 2025-03-21. */
export const LPR_TABLE: readonly DatedRate[] = [
  { label: '一年期', ratePct: 3.1, effectiveFrom: '2025-03-21' },
  { label: '五年期以上', ratePct: 3.6, effectiveFrom: '2025-03-21' },
];

/** The old commercial benchmark rates (still used by the benchmark × multiplier mode). */
export const COMMERCIAL_BENCHMARK_TABLE: readonly DatedRate[] = [
  { label: '一年以内（含一年）', ratePct: 4.35, effectiveFrom: '2015-10-24' },
  { label: '一至五年（含五年）', ratePct: 4.75, effectiveFrom: '2015-10-24' },
  { label: '五年以上', ratePct: 4.9, effectiveFrom: '2015-10-24' },
];

/** Provident-fund (公积金) benchmark rates for first homes. */
export const PROVIDENT_BENCHMARK_TABLE: readonly DatedRate[] = [
  { label: '五年以下（含五年）', ratePct: 2.6, effectiveFrom: '2022-10-01' },
  { label: '五年以上', ratePct: 3.1, effectiveFrom: '2022-10-01' },
];

/** Form defaults of the loan tab (docs/product/calculators.md). */
export const LOAN_DEFAULTS = {
  /** Commercial LPR over five years, %. */
  lprPct: 3.6,
  /** Basis points added to the LPR (1 bp = 0.01 %). */
  basePoint: 0,
  /** Commercial benchmark rate, %. */
  commercialBenchmarkPct: 4.9,
  /** Provident-fund rate, %. */
  providentPct: 3.25,
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

/** Commercial rate presets, % (label says the change against the benchmark). */
export const COMMERCIAL_RATE_PRESETS: ReadonlyArray<{ label: string; ratePct: number }> = [
  { label: '基准利率', ratePct: 4.9 },
  { label: '上浮40%', ratePct: 6.86 },
  { label: '上浮20%', ratePct: 5.88 },
  { label: '上浮15%', ratePct: 5.64 },
  { label: '上浮10%', ratePct: 5.39 },
  { label: '上浮5%', ratePct: 5.15 },
  { label: '下浮5%', ratePct: 4.66 },
  { label: '下浮10%', ratePct: 4.41 },
  { label: '下浮15%', ratePct: 4.17 },
  { label: '下浮20%', ratePct: 3.92 },
  { label: '下浮30%', ratePct: 3.43 },
];

/** Provident-fund rate presets, %. */
export const PROVIDENT_RATE_PRESETS: ReadonlyArray<{ label: string; ratePct: number }> = [
  { label: '基准利率', ratePct: 3.25 },
  { label: '上浮20%', ratePct: 3.9 },
  { label: '上浮10%', ratePct: 3.58 },
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
  label: string;
  commercial: { upTo5Years: number; over5Years: number };
  provident: { upTo5Years: number; over5Years: number };
}

export const EARLY_REPAYMENT_RATE_SETS: readonly EarlyRepaymentRateSet[] = [
  {
    code: '95',
    label: '基准利率（商贷4.77%/4.9%，公积金2.6%/3.1%）',
    commercial: { upTo5Years: 4.77, over5Years: 4.9 },
    provident: { upTo5Years: 2.6, over5Years: 3.1 },
  },
  {
    code: '96',
    label: 'LPR利率（商贷3.6%/4.05%，公积金3.78%/4.23%）',
    commercial: { upTo5Years: 3.6, over5Years: 4.05 },
    provident: { upTo5Years: 3.78, over5Years: 4.23 },
  },
];

/** Early-repayment defaults and year lists (docs/product/calculators.md). */
export const EARLY_REPAYMENT_DEFAULTS = {
  termMonths: 180,
  rateCode: '95',
  firstPaymentYear: 2020,
  firstYearRange: [1999, 2020],
  advanceYearRange: [1999, 2050],
  /** Terms up to this many months use the "up to five years" rate. */
  shortTermMaxMonths: 60,
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
