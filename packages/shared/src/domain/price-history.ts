/**
 * Price history arithmetic shared by the server's answers and the pages' charts
 * (docs/product/new-build.md, docs/product/listings.md, docs/product/content.md).
 */

/**
 * The change from `oldPrice` to `newPrice` in per cent of the old price, one decimal
 * (9,000 → 8,730 is -3). Prices in any one unit (元/㎡, 元, 元/月); 0 when the old price is 0.
 */
export function priceChangePercent(oldPrice: number, newPrice: number): number {
  if (oldPrice === 0) return 0;
  return Math.round(((newPrice - oldPrice) / oldPrice) * 1000) / 10;
}

/** `-3` → `-3.0%`, `2.5` → `+2.5%`: the change column of the 调价记录 list. */
export function formatChangePercent(percent: number): string {
  const sign = percent > 0 ? '+' : '';
  return `${sign}${percent.toFixed(1)}%`;
}

/**
 * A change told in words and an arrow as well as its colour (docs/product/accessibility.md):
 * "▲ 上涨 +5.0%", "▼ 下降 -3.0%", "持平 0.0%".
 */
export function describeChangePercent(percent: number): string {
  const figure = formatChangePercent(percent);
  if (percent > 0) return `▲ 上涨 ${figure}`;
  if (percent < 0) return `▼ 下降 ${figure}`;
  return `持平 ${figure}`;
}

/** One change as the history answers it, oldest first. */
export interface PriceChangePoint {
  changedAt: string;
  oldPrice: number;
  newPrice: number;
}

/**
 * The points of a step chart of a price: the price before the first change at `since`, then
 * each new price at its change time, then the current price at `until`. Each point is
 * `[ISO time, price]`; empty when nothing changed (the page then shows the current price only).
 */
export function priceSeries(
  changes: readonly PriceChangePoint[],
  since: string,
  until: string,
): Array<[string, number]> {
  const first = changes[0];
  const last = changes[changes.length - 1];
  if (!first || !last) return [];
  const start = since < first.changedAt ? since : first.changedAt;
  const points: Array<[string, number]> = [[start, first.oldPrice]];
  for (const change of changes) points.push([change.changedAt, change.newPrice]);
  if (until > last.changedAt) points.push([until, last.newPrice]);
  return points;
}
