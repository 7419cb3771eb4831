/**
 * Money and area formatting shared by every page (docs/product/site-shell.md).
 * Amounts come from the API in yuan (元); areas in square metres (㎡).
 */

const YUAN_PER_WAN = 10_000;

function group(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Thousands separators with a fixed number of decimals, e.g. `formatNumber(1234567.891, 2)`
 * → `1,234,567.89`. Rounds half away from zero on the decimal value, not on binary floats.
 */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const fixed = roundHalfUp(Math.abs(value), decimals).toFixed(decimals);
  const [integerPart = '0', fraction] = fixed.split('.');
  return sign + group(integerPart) + (fraction ? `.${fraction}` : '');
}

/** Rounds to `decimals` places, half away from zero, immune to 1.005-style float artefacts. */
export function roundHalfUp(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  const shifted = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(shifted)) / factor;
}

/** 元 → 万元, rounded to 2 decimals with separators: `formatWan(1_234_500)` → `123.45`. */
export function formatWan(yuan: number): string {
  return formatNumber(yuan / YUAN_PER_WAN, 2);
}

/** 万元 entered in a form → 元 sent to the API (docs/product/site-shell.md: sale price ×10000). */
export function wanToYuan(wan: number): number {
  return Math.round(wan * YUAN_PER_WAN);
}

/** A yuan amount with separators and the unit, e.g. `1,280,000元`; 2 decimals when not whole. */
export function formatYuan(yuan: number): string {
  const decimals = Number.isInteger(yuan) ? 0 : 2;
  return `${formatNumber(yuan, decimals)}元`;
}

/** Unit price in 元/㎡, e.g. `8,650元/㎡`. */
export function formatUnitPrice(yuanPerSquareMetre: number): string {
  return `${formatNumber(Math.round(yuanPerSquareMetre))}元/㎡`;
}

/** Area in ㎡ with up to 2 decimals and no trailing zeros, e.g. `89.5㎡`. */
export function formatArea(squareMetres: number): string {
  if (!Number.isFinite(squareMetres)) return '';
  return `${roundHalfUp(squareMetres, 2)}㎡`;
}

/** Sale price shown in 万 (docs/product/site-shell.md), e.g. `128万`; decimals kept when present, max 2. */
export function formatSalePrice(yuan: number): string {
  return `${roundHalfUp(yuan / YUAN_PER_WAN, 2)}万`;
}

/** Rent in 元/月, e.g. `2,300元/月`. */
export function formatRent(yuanPerMonth: number): string {
  return `${formatNumber(Math.round(yuanPerMonth))}元/月`;
}

/** Placeholder for a missing value on detail pages (docs/product/site-shell.md). */
export const MISSING_VALUE = '暂无';

/** Shows `暂无` for null, undefined, empty strings and non-finite numbers; otherwise formats. */
export function orMissing<T>(value: T | null | undefined, render: (v: T) => string): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  if (typeof value === 'number' && !Number.isFinite(value)) return MISSING_VALUE;
  return render(value);
}

/** Masks the middle four digits of a mainland phone: `138****0001` (docs/product/site-shell.md). */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** Count words of room labels: 两 for two, as in 两室两厅 (docs/product/labels.md). */
const ROOM_COUNT_WORDS = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];

/** A count of 室, 厅 or 卫 in words: `formatRoomCount(2, '厅')` → `两厅`. */
export function formatRoomCount(count: number, unit: '室' | '厅' | '卫'): string {
  return `${ROOM_COUNT_WORDS[count] ?? String(count)}${unit}`;
}

/**
 * The one spelling of a bedroom count on every page, filter and seeded text: `formatBedrooms(2)`
 * → `两室` (never 二室 or 二居; docs/product/labels.md).
 */
export function formatBedrooms(bedrooms: number): string {
  return formatRoomCount(bedrooms, '室');
}

/**
 * A layout in words: bedrooms, living rooms (厅) and bathrooms (卫), e.g. `formatLayout(3, 2, 1)`
 * → `三室两厅一卫`. A zero count of 厅 or 卫 is left out; without `toilets` the 卫 part is too.
 */
export function formatLayout(bedrooms: number, halls: number, toilets?: number): string {
  const hall = halls > 0 ? formatRoomCount(halls, '厅') : '';
  const toilet = toilets ? formatRoomCount(toilets, '卫') : '';
  return `${formatBedrooms(bedrooms)}${hall}${toilet}`;
}
