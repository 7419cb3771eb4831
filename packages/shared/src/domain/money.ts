/**
 * Money arithmetic for the calculators in integer 分 (fen, 1 元 = 100 分), so sums never drift.
 * Products and ratios go through BigInt and round half away from zero exactly once.
 */

/** 1 元 in 分. */
export const FEN_PER_YUAN = 100;
/** 1 万元 in 分. */
export const FEN_PER_WAN = 1_000_000;

/** A decimal entered in a form (≤ 2 decimals usual) → integer hundredths, e.g. 89.5 → 8950. */
export function toHundredths(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const shifted = Number((Math.abs(value) * 100).toPrecision(15));
  return Math.sign(value) * Math.round(shifted);
}

/** 元 (≤ 2 decimals) → 分. */
export function yuanToFen(yuan: number): number {
  return toHundredths(yuan);
}

/** 万元 (≤ 4 decimals) → 分, e.g. 100 万元 → 100,000,000 分. */
export function wanToFen(wan: number): number {
  if (!Number.isFinite(wan)) return 0;
  const shifted = Number((Math.abs(wan) * FEN_PER_WAN).toPrecision(15));
  return Math.sign(wan) * Math.round(shifted);
}

/** 分 → 元 as a number (for display and charts only). */
export function fenToYuan(fen: number): number {
  return fen / FEN_PER_YUAN;
}

/**
 * round(a × b / c) with half away from zero, exact for any integers: the building block of every
 * "amount × rate" and "price × area" in the calculators. `c` must not be 0.
 */
export function mulDivRound(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const negative = numerator < 0n !== divisor < 0n;
  const absNum = numerator < 0n ? -numerator : numerator;
  const absDiv = divisor < 0n ? -divisor : divisor;
  const quotient = (absNum * 2n + absDiv) / (absDiv * 2n);
  return Number(negative ? -quotient : quotient);
}

/**
 * An exact amount in 分 held as a float (e.g. a 等额本息 payment of 530,726.7197 分) rounded half
 * away from zero to the whole fen. Float noise below 1e-13 of the value is ignored, so an amount
 * that is exactly half a fen in decimal arithmetic rounds up as a decimal calculator would.
 */
export function roundFen(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = Math.sign(value) * Math.round(Number(Math.abs(value).toPrecision(13)));
  return rounded === 0 ? 0 : rounded;
}

/** ceil(value / step) × step for non-negative integers, e.g. rounding up to 10,000 元. */
export function roundUpToMultiple(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

/**
 * Total price in 分 of `unitPrice` 元/㎡ × `area` ㎡ (each with ≤ 2 decimals), rounded to the fen.
 */
export function priceTimesAreaFen(unitPrice: number, area: number): number {
  return mulDivRound(toHundredths(unitPrice), toHundredths(area), 100);
}

/** An annual percentage rate → its exact value in millionths of a percent (4.9 → 4,900,000). */
export function pctToMicro(pct: number): number {
  return Math.round(Number((pct * 1_000_000).toPrecision(15)));
}

/** `amountFen` × `pct` % rounded to the fen, e.g. 1 % deed tax of a price. */
export function percentOfFen(amountFen: number, pct: number): number {
  return mulDivRound(amountFen, pctToMicro(pct), 100_000_000);
}

/** 分 → `1,234.56` (元 with separators and 2 decimals), exact for any integer fen. */
export function formatFen(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.round(fen));
  const yuan = Math.floor(abs / FEN_PER_YUAN);
  const cents = String(abs % FEN_PER_YUAN).padStart(2, '0');
  const grouped = String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}

/** 分 → 万元 text with 2 decimals, e.g. 123,456,789 分 → `123.46`. */
export function formatFenAsWan(fen: number): string {
  return formatFen(mulDivRound(fen, 1, 10_000));
}

/** A calculator's answer: a value, or the Chinese message that stops the calculation. */
export type CalcOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Wraps a successful value. */
export function calcOk<T>(value: T): CalcOutcome<T> {
  return { ok: true, value };
}

/** Wraps a message that stops the calculation. */
export function calcError<T>(error: string): CalcOutcome<T> {
  return { ok: false, error };
}
