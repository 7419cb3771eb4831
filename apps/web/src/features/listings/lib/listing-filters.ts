import {
  LISTING_AGE_BANDS,
  LISTING_AREA_BANDS,
  LISTING_LAYOUTS,
  LISTING_TYPE,
  type ListingTypeCode,
  listingTypeOf,
  RENT_PRICE_BANDS,
  SALE_PRICE_BANDS,
} from '@portal/shared/constants/listings';
import type { RangeBand } from '@portal/shared/constants/project-filters';
import { formatLayout, formatRent, formatSalePrice } from '@portal/shared/format';

/** Listing type of the tabs: 1 出售, 2 出租. */
export type ListingTypeValue = ListingTypeCode;

/** Filters of /secondhandhouse kept in the URL. */
export const LISTING_FILTER_NAMES = [
  'areaCode',
  'priceScope',
  'areaScope',
  'bedroom',
  'ageScope',
  'rentType',
  'rentPay',
  'decorates',
  'sortType',
  'keyword',
  'community',
] as const;
export type ListingFilterName = (typeof LISTING_FILTER_NAMES)[number];

/** Filters that only apply to rentals. */
const RENT_ONLY: ReadonlySet<ListingFilterName> = new Set(['rentType', 'rentPay']);

export interface ListingSearchState {
  type: ListingTypeValue;
  pageNum: number;
  filters: Partial<Record<ListingFilterName, string>>;
}

/** Reads the search from the URL: unknown type → 出售, bad page → 1, rent filters only for 出租. */
export function readListingSearch(search: URLSearchParams): ListingSearchState {
  const type: ListingTypeValue = listingTypeOf(search.get('type'));
  const page = Number(search.get('pageNum'));
  const filters: ListingSearchState['filters'] = {};
  for (const name of LISTING_FILTER_NAMES) {
    const value = search.get(name)?.trim();
    if (!value) continue;
    if (type === LISTING_TYPE.SALE && RENT_ONLY.has(name)) continue;
    filters[name] = value;
  }
  return { type, pageNum: Number.isInteger(page) && page >= 1 ? page : 1, filters };
}

/** Switching the tab starts a new search: only the type remains (spec: filters and page reset). */
export function switchTypeParams(type: ListingTypeValue): URLSearchParams {
  return new URLSearchParams(type === LISTING_TYPE.RENT ? { type: '2' } : {});
}

/** One filter changed: set or clear it and go back to page 1, keeping the rest. */
export function withFilter(
  current: URLSearchParams,
  name: ListingFilterName,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('pageNum');
  return next;
}

/** Milliseconds of typing pause before the 小区 box asks for suggestions. */
export const COMMUNITY_SUGGEST_DELAY_MS = 250;

/** The 小区 box asks for suggestions once what was typed holds at least one Chinese character. */
export function canSuggestCommunities(text: string): boolean {
  return /\p{Script=Han}/u.test(text.trim());
}

/** Another page of the same search. */
export function withPage(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page > 1) next.set('pageNum', String(page));
  else next.delete('pageNum');
  return next;
}

/** The price bands of a tab: total price in 万 for sale, monthly rent for rentals. */
export function priceBandsOf(type: ListingTypeValue): readonly RangeBand[] {
  return type === LISTING_TYPE.SALE ? SALE_PRICE_BANDS : RENT_PRICE_BANDS;
}

/** The band a value falls in ([min, max)), e.g. a 128万 sale → 100-150万. */
export function bandOf(bands: readonly RangeBand[], value: number): RangeBand | undefined {
  return bands.find(
    (band) => (band.min === null || value >= band.min) && (band.max === null || value < band.max),
  );
}

export interface FilterRow {
  name: ListingFilterName;
  title: string;
  options: Array<{ code: string; label: string }>;
}

const withAll = (options: ReadonlyArray<{ code: string; label: string }>) => [
  { code: '', label: '不限' },
  ...options,
];

/** The band and layout rows of a tab (district, decoration, rent type and pay come from dictionaries). */
export function bandRows(type: ListingTypeValue): FilterRow[] {
  return [
    {
      name: 'priceScope',
      title: type === LISTING_TYPE.SALE ? '总价' : '租金',
      options: withAll(priceBandsOf(type)),
    },
    { name: 'areaScope', title: '面积', options: withAll(LISTING_AREA_BANDS) },
    { name: 'bedroom', title: '户型', options: withAll(LISTING_LAYOUTS) },
    { name: 'ageScope', title: '房龄', options: withAll(LISTING_AGE_BANDS) },
  ];
}

/** 房龄 in whole years from the build year; null when unknown. */
export function houseAge(buildYear: number | null, currentYear: number): number | null {
  if (buildYear === null) return null;
  return Math.max(0, currentYear - buildYear);
}

/** Price of a listing as the spec shows it: sale in 万, rent in 元/月. */
export function formatListingPrice(type: number, price: number): string {
  return type === LISTING_TYPE.SALE ? formatSalePrice(price) : formatRent(price);
}

/** Layout text in the site's one room spelling, such as 三室两厅一卫. */
export function layoutText(listing: { bedroom: number; room: number; toilet: number }): string {
  return formatLayout(listing.bedroom, listing.room, listing.toilet);
}
