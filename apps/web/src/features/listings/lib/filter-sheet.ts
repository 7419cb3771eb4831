import type { ListingFilterName, ListingSearchState } from './listing-filters';

/**
 * The filters the phone's 筛选 sheet holds: the rows of the filter panel. The keyword box and
 * the sort stay on the page itself.
 */
export const SHEET_FILTER_NAMES: readonly ListingFilterName[] = [
  'areaCode',
  'priceScope',
  'areaScope',
  'bedroom',
  'ageScope',
  'rentType',
  'rentPay',
  'decorates',
];

/** How many of the sheet's filters are set, shown on the 筛选 button. */
export function sheetFilterCount(state: ListingSearchState): number {
  return SHEET_FILTER_NAMES.filter((name) => Boolean(state.filters[name])).length;
}

/** 重置 in the sheet: every sheet filter cleared at once, back to page 1; keyword and sort stay. */
export function withoutSheetFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of SHEET_FILTER_NAMES) next.delete(name);
  next.delete('pageNum');
  return next;
}
