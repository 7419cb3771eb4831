import type { CompareRow } from '@portal/shared/schemas/compare';

/** Whether a row's values are not all the same (the row is highlighted as a difference). */
export function rowDiffers(values: readonly string[]): boolean {
  return values.length > 1 && values.some((value) => value !== values[0]);
}

/** The rows whose values differ, keeping their order. */
export function differingRows(rows: readonly CompareRow[]): CompareRow[] {
  return rows.filter((row) => rowDiffers(row.values));
}

/**
 * Parses the `ids` of a compare address (`1,2,3`): positive whole numbers, duplicates and
 * anything else dropped, in order.
 */
export function parseCompareIds(text: string | null): number[] {
  const ids: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (!/^[1-9]\d{0,9}$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
