import { formatBedrooms } from '../format';

/**
 * Filter and sort codes of the new-house list (docs/product/new-build.md). Each band is a half-open interval
 * [min, max) with null for an open end; prices are yuan/㎡, areas ㎡.
 */
export interface RangeBand {
  code: string;
  label: string;
  min: number | null;
  max: number | null;
}

/** 单价 bands of projects (元/㎡), on the platform price. */
export const PROJECT_PRICE_BANDS: readonly RangeBand[] = [
  { code: '1', label: '8000元/㎡以下', min: null, max: 8000 },
  { code: '2', label: '8000-10000元/㎡', min: 8000, max: 10000 },
  { code: '3', label: '10000-12000元/㎡', min: 10000, max: 12000 },
  { code: '4', label: '12000元/㎡以上', min: 12000, max: null },
];

/**
 * 总价 bands of projects (yuan), the same bands as the second-hand sale list. A project matches
 * when at least one of its rooms for sale (在售, green) has a total price in the band, the total
 * price being the one the building table shows (`roomTotalPrice`).
 */
export const PROJECT_TOTAL_BANDS: readonly RangeBand[] = [
  { code: '1', label: '50万以下', min: null, max: 500_000 },
  { code: '2', label: '50-100万', min: 500_000, max: 1_000_000 },
  { code: '3', label: '100-150万', min: 1_000_000, max: 1_500_000 },
  { code: '4', label: '150-200万', min: 1_500_000, max: 2_000_000 },
  { code: '5', label: '200万以上', min: 2_000_000, max: null },
];

/**
 * The total price of a room in yuan: build area (㎡) × unit price (yuan/㎡), rounded to the yuan.
 * Every writer of rooms stores this in `rooms.total_price`, which the building table shows and the
 * 总价 filter reads.
 */
export function roomTotalPrice(buildArea: number, unitPrice: number): number {
  return Math.round(buildArea * unitPrice);
}

/** 面积 bands of projects (㎡): a project matches when one of its house models lies in the band. */
export const PROJECT_AREA_BANDS: readonly RangeBand[] = [
  { code: '1', label: '60㎡以下', min: null, max: 60 },
  { code: '2', label: '60-90㎡', min: 60, max: 90 },
  { code: '3', label: '90-120㎡', min: 90, max: 120 },
  { code: '4', label: '120-144㎡', min: 120, max: 144 },
  { code: '5', label: '144㎡以上', min: 144, max: null },
];

/**
 * 户型 filter choices: bedroom counts 1–4, and 5 for five or more. Labels use the one room
 * spelling of `formatBedrooms` (两室, never 二室).
 */
export const BEDROOM_CHOICES = [
  { code: '1', label: formatBedrooms(1) },
  { code: '2', label: formatBedrooms(2) },
  { code: '3', label: formatBedrooms(3) },
  { code: '4', label: formatBedrooms(4) },
  { code: '5', label: `${formatBedrooms(5)}及以上` },
] as const;

/** 户型: bedroom counts 1–5; 5 also covers larger models. */
export const PROJECT_LAYOUTS = BEDROOM_CHOICES;

/** 用途 (purpose) codes stored in projects.properties. */
export const PROJECT_PURPOSES = [
  { code: '1', label: '公寓' },
  { code: '2', label: '商业' },
  { code: '3', label: '办公' },
  { code: '4', label: '其他' },
  { code: '5', label: '住宅' },
  { code: '6', label: '综合' },
] as const;

/** 类型: all projects, or only trade-in (以旧换新) ones. */
export const PROJECT_KINDS = [
  { code: '', label: '全部' },
  { code: '1', label: '以旧换新' },
] as const;

/**
 * Sort types (docs/product/new-build.md): 1 default (newest published first), 2 unit price descending,
 * 3 unit price ascending, 4 attention descending, 5 attention ascending.
 */
export const PROJECT_SORTS = [
  { code: '1', label: '默认排序' },
  { code: '2', label: '单价从高到低' },
  { code: '3', label: '单价从低到高' },
  { code: '4', label: '关注度从高到低' },
  { code: '5', label: '关注度从低到高' },
] as const;

/** Page size of the new-house list. */
export const PROJECT_PAGE_SIZE = 20;
/** Page size of /myFavHouse. */
export const FAVOURITE_PROJECT_PAGE_SIZE = 10;
/** Length of the recommended, popular and same-price lists. */
export const PROJECT_SIDE_LIST_SIZE = 10;
/** Group-buy quota per project (docs/product/new-build.md). */
export const GROUP_BUY_QUOTA = 10;
/** Floors shown in the building-table excerpt of /houseHome. */
export const BUILDING_EXCERPT_FLOORS = 6;

/** The band of a code, or undefined for an unknown or empty code. */
export function findBand(
  bands: readonly RangeBand[],
  code: string | undefined,
): RangeBand | undefined {
  return code ? bands.find((band) => band.code === code) : undefined;
}
