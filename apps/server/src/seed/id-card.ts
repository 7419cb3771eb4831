import type { Rng } from './random';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** GB 11643 check character for the first 17 digits of a mainland ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARS[sum % 11] as string;
}

/** Builds a valid 18-character ID number from its area code, birth date (YYYYMMDD) and sequence. */
export function composeIdCard(areaCode: string, birth: string, sequence: number): string {
  const first17 = `${areaCode}${birth}${String(sequence).padStart(3, '0')}`;
  return `${first17}${idCardCheckChar(first17)}`;
}

/** Administrative area codes of the city's districts, used as the first six ID digits. */
export const ID_AREA_CODES = ['130302', '130303', '130304', '130306', '130321', '130322', '130324'];

/**
 * A random valid ID number for an adult born 1960–2002; the sequence's last digit is odd for
 * men and even for women, as the standard requires.
 */
export function randomIdCard(rng: Rng, male: boolean): string {
  const year = rng.int(1960, 2002);
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const birth = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
  const sequence = rng.int(0, 49) * 2 + (male ? 1 : 0) + rng.int(0, 9) * 100;
  return composeIdCard(rng.pick(ID_AREA_CODES), birth, sequence);
}
