/** The city's nine districts in display order, with the codes the API uses (docs/product/new-build.md). */
export const DISTRICTS = [
  { code: 'HGQ', name: '海港区' },
  { code: 'BDH', name: '北戴河区' },
  { code: 'SHG', name: '山海关区' },
  { code: 'FN', name: '抚宁区' },
  { code: 'CL', name: '昌黎县' },
  { code: 'LL', name: '卢龙县' },
  { code: 'QL', name: '青龙满族自治县' },
  { code: 'KFQ', name: '开发区' },
  { code: 'BDHXQ', name: '北戴河新区' },
] as const;

export type DistrictCode = (typeof DISTRICTS)[number]['code'];

export const DISTRICT_CODES = DISTRICTS.map((d) => d.code) as [DistrictCode, ...DistrictCode[]];

/** Chinese name by code, e.g. `DISTRICT_NAME.HGQ === '海港区'`. */
export const DISTRICT_NAME: Record<DistrictCode, string> = Object.fromEntries(
  DISTRICTS.map((d) => [d.code, d.name]),
) as Record<DistrictCode, string>;

/** The filter options of list pages: 全部 (empty code) first. */
export const DISTRICT_FILTER_OPTIONS: ReadonlyArray<{ code: DistrictCode | ''; name: string }> = [
  { code: '', name: '全部' },
  ...DISTRICTS,
];

/** Default district of the licence and supervision tables (docs/product/new-build.md). */
export const DEFAULT_DISTRICT: DistrictCode = 'HGQ';

export function isDistrictCode(value: unknown): value is DistrictCode {
  return typeof value === 'string' && (DISTRICT_CODES as readonly string[]).includes(value);
}
