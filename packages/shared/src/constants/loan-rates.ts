/**
 * The one dated table of loan rates (docs/product/loan-rates.md). Every calculator default, every
 * rate table on /tool and the monthly payment on a room's sheet read their rates from here, and
 * nowhere else holds a rate: when the central bank publishes a new LPR or the provident fund
 * changes its rates, the figures and the date below are the only edit. Rates are annual
 * percentages (3.5 means 3.5 %/year); dates are YYYY-MM-DD, the day the rate took effect.
 */

/** 贷款市场报价利率 (LPR), as published by the National Interbank Funding Center. */
export interface LprRates {
  effectiveFrom: string;
  oneYearPct: number;
  overFiveYearsPct: number;
}

/** A pair of rates by term: up to and including five years, and above five years. */
export interface TermRates {
  upToFiveYearsPct: number;
  overFiveYearsPct: number;
}

/** Personal housing provident-fund (公积金) loan rates. */
export interface ProvidentRates {
  effectiveFrom: string;
  firstHome: TermRates;
  secondHome: TermRates;
}

/** The LPR in force and the one before it (newest first). */
export const LPR_HISTORY: readonly LprRates[] = [
  { effectiveFrom: '2025-05-20', oneYearPct: 3, overFiveYearsPct: 3.5 },
  { effectiveFrom: '2024-10-21', oneYearPct: 3.1, overFiveYearsPct: 3.6 },
];

/** Provident-fund rates in force and the ones before them (newest first). */
export const PROVIDENT_HISTORY: readonly ProvidentRates[] = [
  {
    effectiveFrom: '2025-05-08',
    firstHome: { upToFiveYearsPct: 2.1, overFiveYearsPct: 2.6 },
    secondHome: { upToFiveYearsPct: 2.525, overFiveYearsPct: 3.075 },
  },
  {
    effectiveFrom: '2024-05-18',
    firstHome: { upToFiveYearsPct: 2.35, overFiveYearsPct: 2.85 },
    secondHome: { upToFiveYearsPct: 2.775, overFiveYearsPct: 3.325 },
  },
];

/**
 * The old benchmark rates (基准利率), last set in 2015 and replaced by the LPR for new loans from
 * 2019-08-20. Only the 旧版基准利率 modes use them, for loans signed on them.
 */
export const OLD_BENCHMARK = {
  effectiveFrom: '2015-10-24',
  replacedFrom: '2019-08-20',
  commercial: { oneYearPct: 4.35, upToFiveYearsPct: 4.75, overFiveYearsPct: 4.9 },
  /** Provident-fund benchmark of 2015-08-26. */
  providentEffectiveFrom: '2015-08-26',
  provident: { upToFiveYearsPct: 2.75, overFiveYearsPct: 3.25 },
} as const;

/** The LPR in force. */
export const CURRENT_LPR: LprRates = LPR_HISTORY[0]!;
/** The provident-fund rates in force. */
export const CURRENT_PROVIDENT: ProvidentRates = PROVIDENT_HISTORY[0]!;

/** Loans up to this many years take the "up to five years" rate (and the one-year LPR). */
export const SHORT_TERM_MAX_YEARS = 5;

/** The commercial LPR for a term in years: one-year LPR up to five years, five-year LPR above. */
export function lprForYears(years: number): number {
  return years <= SHORT_TERM_MAX_YEARS ? CURRENT_LPR.oneYearPct : CURRENT_LPR.overFiveYearsPct;
}

/** The provident-fund rate in force for a term in years and a first or second home. */
export function providentRateForYears(years: number, home: 'first' | 'second' = 'first'): number {
  const rates = home === 'first' ? CURRENT_PROVIDENT.firstHome : CURRENT_PROVIDENT.secondHome;
  return years <= SHORT_TERM_MAX_YEARS ? rates.upToFiveYearsPct : rates.overFiveYearsPct;
}

/** '2025-05-20' → '2025年5月20日'. */
export function formatRateDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

/** The line every rate-using calculator shows: what the default rates are and since when. */
export const RATE_BASIS = {
  lpr: `利率依据：贷款市场报价利率（LPR）1年期${CURRENT_LPR.oneYearPct}%、5年期以上${CURRENT_LPR.overFiveYearsPct}%（${formatRateDate(CURRENT_LPR.effectiveFrom)}起执行）`,
  provident: `利率依据：个人住房公积金贷款利率首套5年以下（含5年）${CURRENT_PROVIDENT.firstHome.upToFiveYearsPct}%、5年以上${CURRENT_PROVIDENT.firstHome.overFiveYearsPct}%，二套5年以下（含5年）${CURRENT_PROVIDENT.secondHome.upToFiveYearsPct}%、5年以上${CURRENT_PROVIDENT.secondHome.overFiveYearsPct}%（${formatRateDate(CURRENT_PROVIDENT.effectiveFrom)}起执行）`,
} as const;

/**
 * Amounts beyond what a bank lends to one household for a home get a warning under the field
 * (never a refusal: the figures are still worked out).
 */
export const LOAN_AMOUNT_LIMITS = {
  /** A personal housing loan above this many 万元 is beyond what banks lend. */
  maxLoanWan: 3000,
} as const;

/** The warning under a loan amount above LOAN_AMOUNT_LIMITS.maxLoanWan. */
export const LOAN_AMOUNT_WARNING = `贷款金额超过${LOAN_AMOUNT_LIMITS.maxLoanWan}万元，超出银行个人住房贷款的一般额度，请核实金额`;

/**
 * The default loan of a room's sheet (月供约): 30 % down, 30 years, the five-year LPR in force,
 * 等额本息. The sheet's link opens /tool with the same values.
 */
export const ROOM_SHEET_LOAN = {
  downPaymentPct: 30,
  years: 30,
  ratePct: lprForYears(30),
} as const;
