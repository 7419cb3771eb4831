/** Mainland mobile number, one rule everywhere (docs/product/accounts.md). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** 8–20 printable ASCII with upper, lower and a digit (docs/product/accounts.md). */
export const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[\x21-\x7e]{8,20}$/;

/** Six-digit SMS verification code. */
export const SMS_CODE_PATTERN = /^\d{6}$/;

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** The GB 11643 check character of the first 17 digits of an ID number. */
export function idCardCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, digit, i) => acc + Number(digit) * (ID_WEIGHTS[i] ?? 0), 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
}

/**
 * An 18-character mainland ID number (docs/product/accounts.md): area code, a real birth date between
 * 1800 and 2299 and not in the future, sequence, and the GB 11643 check character (X or x).
 */
export function isValidIdCard(value: string, today: Date = new Date()): boolean {
  if (!/^[1-9]\d{16}[\dXx]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  if (year < 1800 || year > 2299) return false;
  const birth = new Date(Date.UTC(year, month - 1, day));
  const realDate =
    birth.getUTCFullYear() === year &&
    birth.getUTCMonth() === month - 1 &&
    birth.getUTCDate() === day;
  if (!realDate || birth.getTime() > today.getTime()) return false;
  return idCardCheckChar(value.slice(0, 17)) === value.slice(17).toUpperCase();
}
