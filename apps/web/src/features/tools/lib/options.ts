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

/** First-payment years 1999–2020 and early-payment years 1999–2050 (docs/product/calculators.md). */
export const FIRST_YEAR_OPTIONS = yearRange(EARLY_REPAYMENT_DEFAULTS.firstYearRange);
export const ADVANCE_YEAR_OPTIONS = yearRange(EARLY_REPAYMENT_DEFAULTS.advanceYearRange);

export const MONTH_OPTIONS: Option[] = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1}月`,
}));
