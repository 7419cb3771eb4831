import { beijingParts } from '@portal/shared/beijing-time';
import { EARLY_REPAYMENT_DEFAULTS, TERM_MONTH_OPTIONS } from '@portal/shared/constants/rates';

/** Select options shared by the calculator forms. */
export interface Option {
  value: string;
  label: string;
}

/** 24–120 months by 12, then 180/240/300/360 (ability and early-repayment tabs). */
export const TERM_OPTIONS: Option[] = TERM_MONTH_OPTIONS.map((m) => ({
  value: String(m),
  label: `${m}个月（${m / 12}年）`,
}));

function yearRange([from, to]: readonly [number, number]): Option[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({
    value: String(from + i),
    label: `${from + i}年`,
  }));
}

/** The current year and month in Beijing: no first payment can lie after it. */
export function currentYearMonth(now: Date = new Date()): { year: number; month: number } {
  const { year, month } = beijingParts(now);
  return { year, month };
}

/** First-payment years from 1999 up to this year (docs/product/calculators.md). */
export function firstYearOptions(now: Date = new Date()): Option[] {
  return yearRange([EARLY_REPAYMENT_DEFAULTS.firstYearFrom, currentYearMonth(now).year]);
}

/** Early-payment years 1999–2060. */
export const ADVANCE_YEAR_OPTIONS = yearRange(EARLY_REPAYMENT_DEFAULTS.advanceYearRange);

export const MONTH_OPTIONS: Option[] = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1}月`,
}));
