import { formatRent, formatSalePrice, formatUnitPrice } from '@portal/shared/format';
import type { PriceHistory } from '@portal/shared/schemas/price-history';

/** A price of a history as its page shows it: 元/㎡, 万 for a sale's total, 元/月 for a rent. */
export function formatHistoryPrice(unit: PriceHistory['unit'], price: number): string {
  if (unit === 'yuan') return formatSalePrice(price);
  if (unit === 'yuanPerMonth') return formatRent(price);
  return formatUnitPrice(price);
}

/** The short axis label of a price: 1.2万 for 元/㎡ figures and sale totals, plain for rents. */
export function axisPrice(unit: PriceHistory['unit'], price: number): string {
  if (unit === 'yuanPerMonth') return String(price);
  return `${Math.round(price / 100) / 100}万`;
}
