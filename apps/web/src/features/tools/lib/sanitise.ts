/**
 * Input sanitising of the calculator forms (docs/product/calculators.md): keeps digits and one dot, at most
 * `maxDecimals` decimals and `maxIntegerDigits` integer digits, and at most `maxLength` characters.
 */
export interface SanitiseOptions {
  maxIntegerDigits?: number;
  maxDecimals?: number;
  maxLength?: number;
}

/** Cleans what the user typed into a money or area field, e.g. `'12a3.456'` → `'123.45'`. */
export function sanitiseDecimal(
  raw: string | undefined,
  { maxIntegerDigits = 7, maxDecimals = 2, maxLength = 10 }: SanitiseOptions = {},
): string {
  const text = (raw ?? '').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  const integerPart = (dot === -1 ? text : text.slice(0, dot)).slice(0, maxIntegerDigits);
  if (dot === -1 || maxDecimals === 0) return integerPart.slice(0, maxLength);
  const decimals = text
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  return `${integerPart}.${decimals}`.slice(0, maxLength);
}

/** Cleans a whole-number field (age): digits only, at most `maxDigits`. */
export function sanitiseInteger(raw: string | undefined, maxDigits = 3): string {
  return (raw ?? '').replace(/\D/g, '').slice(0, maxDigits);
}

/** A form string → number; empty or invalid text counts as 0 (docs/product/calculators.md). */
export function toNumber(value: string | undefined): number {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : 0;
}
