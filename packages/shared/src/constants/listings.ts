import type { ListingTypeCode } from './listing-type';
import { BEDROOM_CHOICES, PROJECT_TOTAL_BANDS, type RangeBand } from './project-filters';

/**
 * Second-hand market constants (docs/product/listings.md). Prices: sale totals in yuan (entered
 * and shown in 万), rents in yuan/month. The listing type lives in `listing-type.ts`, small enough
 * for the site's shell.
 */
export { LISTING_TYPE, type ListingTypeCode, listingTypeOf } from './listing-type';

/**
 * Sale total-price bands, in yuan (labels in 万): the new-house list's 总价 bands, so new and
 * second-hand homes are compared on one scale.
 */
export const SALE_PRICE_BANDS: readonly RangeBand[] = PROJECT_TOTAL_BANDS;

/** Rent bands, yuan/month. */
export const RENT_PRICE_BANDS: readonly RangeBand[] = [
  { code: '1', label: '1000元以下', min: null, max: 1000 },
  { code: '2', label: '1000-2000元', min: 1000, max: 2000 },
  { code: '3', label: '2000-4000元', min: 2000, max: 4000 },
  { code: '4', label: '4000元以上', min: 4000, max: null },
];

/** Build-area bands, ㎡. */
export const LISTING_AREA_BANDS: readonly RangeBand[] = [
  { code: '1', label: '60㎡以下', min: null, max: 60 },
  { code: '2', label: '60-90㎡', min: 60, max: 90 },
  { code: '3', label: '90-144㎡', min: 90, max: 144 },
  { code: '4', label: '144㎡以上', min: 144, max: null },
];

/** House-age bands in whole years since the build year (房龄 = current year − build year). */
export const LISTING_AGE_BANDS: readonly RangeBand[] = [
  { code: '1', label: '2年以内', min: null, max: 2 },
  { code: '2', label: '2-5年', min: 2, max: 5 },
  { code: '3', label: '5-10年', min: 5, max: 10 },
  { code: '4', label: '10年以上', min: 10, max: null },
];

/** 户型 filter: bedrooms 1–4, 5 means five or more. */
export const LISTING_LAYOUTS = BEDROOM_CHOICES;

/** A sort choice of /secondhandhouse. */
export interface ListingSort {
  code: '1' | '2' | '3' | '4' | '5';
  label: string;
}

/**
 * Sort codes by listing type (docs/product/listings.md): 1 newest published, 2/3 unit price (元/㎡) down/up for
 * a sale and monthly rent down/up for a rental (a rental has no unit price), 4/5 attention
 * (views) down/up.
 */
export const LISTING_SORTS: Record<ListingTypeCode, readonly ListingSort[]> = {
  1: [
    { code: '1', label: '默认排序' },
    { code: '2', label: '单价从高到低' },
    { code: '3', label: '单价从低到高' },
    { code: '4', label: '关注度从高到低' },
    { code: '5', label: '关注度从低到高' },
  ],
  2: [
    { code: '1', label: '默认排序' },
    { code: '2', label: '租金从高到低' },
    { code: '3', label: '租金从低到高' },
    { code: '4', label: '关注度从高到低' },
    { code: '5', label: '关注度从低到高' },
  ],
};

/** Page size of /secondhandhouse and /mySecondHandHouse (docs/product/listings.md). */
export const LISTING_PAGE_SIZE = 20;

/** Tag types: 6 sale, 7 rent (docs/product/listings.md). */
export const LISTING_TAG_TYPE: Record<ListingTypeCode, 6 | 7> = { 1: 6, 2: 7 };

/** Form and upload limits (docs/product/listings.md). */
export const LISTING_LIMITS = {
  titleMin: 9,
  titleMax: 40,
  descriptionMax: 2000,
  housePhotos: 10,
  certificatePhotos: 2,
  /** Largest picture accepted, bytes. */
  photoBytes: 5 * 1024 * 1024,
  /** Earliest build year (建成年份); the latest is the current year in Beijing. */
  buildYearMin: 1900,
  /** Move-in dates (入住日期) are real calendar days within these years. */
  checkInYearMin: 1900,
  checkInYearMax: 2100,
} as const;

/** Picture kinds: house photos are public, the three certification kinds are private. */
export const LISTING_PICTURE_KINDS = ['house', 'certificate', 'idcard', 'license'] as const;
export type ListingPictureKind = (typeof LISTING_PICTURE_KINDS)[number];
/** The private kinds: shown only through short-lived signed links. */
export const PRIVATE_PICTURE_KINDS = ['certificate', 'idcard', 'license'] as const;
export type PrivatePictureKind = (typeof PRIVATE_PICTURE_KINDS)[number];

/** Dictionary types served by `GET /api/dictionaries/:type` (docs/product/listings.md). */
export const DICTIONARY_TYPES = [
  'decorates',
  'house_direction',
  'struct_type',
  'right_limit',
  'elevator_flag',
  'properties',
  'area_code',
  'rent_type',
  'rent_pay_type',
  'right_certificate_type',
] as const;
export type DictionaryType = (typeof DICTIONARY_TYPES)[number];

/**
 * The coded fields of the listing form and the dictionary each code must come from (docs/product/listings.md),
 * with the label a refusal names (朝向不在可选范围内). `type` limits a field to sale (1) or rent (2)
 * listings; the other type does not store it.
 */
export const LISTING_DICTIONARY_FIELDS = [
  { field: 'direction', dictionary: 'house_direction', label: '朝向' },
  { field: 'decorates', dictionary: 'decorates', label: '装修标准' },
  { field: 'elevator', dictionary: 'elevator_flag', label: '有无电梯' },
  { field: 'houseType', dictionary: 'properties', label: '房屋类型', type: 1 },
  { field: 'buildType', dictionary: 'struct_type', label: '建筑类型', type: 1 },
  { field: 'rightLimit', dictionary: 'right_limit', label: '产权年限', type: 1 },
  { field: 'rentPay', dictionary: 'rent_pay_type', label: '付款方式', type: 2 },
  { field: 'rentType', dictionary: 'rent_type', label: '出租方式', type: 2 },
] as const satisfies ReadonlyArray<{
  field: string;
  dictionary: DictionaryType;
  label: string;
  type?: ListingTypeCode;
}>;

/** The refusal of a code that is not in its dictionary (or a tag id not in the tag list). */
export function notInChoicesMessage(label: string): string {
  return `${label}不在可选范围内`;
}

/** Text for an empty check-in date (docs/product/listings.md: 'move in any time'). */
export const CHECK_IN_ANY_TIME = '随时入住';

/**
 * The 不动产权证书 number composed from its year and serial (docs/product/listings.md), e.g.
 * ('2021', '0012345') → 冀(2021)不动产权第0012345号.
 */
export function composeRealEstateCertificateNum(syear: string, serial: string): string {
  return `冀(${syear.trim()})不动产权第${serial.trim()}号`;
}
