/** Kinds of points of interest (周边配套), in the order the lists show them. */
export const POI_CATEGORIES = [
  'school',
  'kindergarten',
  'metro',
  'bus',
  'hospital',
  'shop',
  'park',
  'bank',
] as const;

export type PoiCategory = (typeof POI_CATEGORIES)[number];

export const POI_CATEGORY_LABEL: Record<PoiCategory, string> = {
  school: '学校',
  kindergarten: '幼儿园',
  metro: '地铁站',
  bus: '公交站',
  hospital: '医院',
  shop: '超市商场',
  park: '公园',
  bank: '银行',
};

export function isPoiCategory(value: unknown): value is PoiCategory {
  return typeof value === 'string' && (POI_CATEGORIES as readonly string[]).includes(value);
}

/** Walking speed used for the minutes shown beside a distance: 80 m a minute (4.8 km/h). */
export const WALK_METRES_PER_MINUTE = 80;

/** How far the 周边配套 lists look by default and at most, metres. */
export const NEARBY_RADIUS_DEFAULT_M = 1500;
export const NEARBY_RADIUS_MAX_M = 5000;

/**
 * Walking distance from straight-line metres: streets are not straight, so 1.3 × the line,
 * rounded to 10 m; minutes at `WALK_METRES_PER_MINUTE`, at least one.
 */
export function walkingEstimate(straightMetres: number): { metres: number; minutes: number } {
  const metres = Math.round((straightMetres * 1.3) / 10) * 10;
  return { metres, minutes: Math.max(1, Math.round(metres / WALK_METRES_PER_MINUTE)) };
}

/**
 * 朝向 of rooms and listings: the house_direction dictionary's codes and names, one list for the
 * building table, its filters and the second-hand forms.
 */
export const ORIENTATIONS = [
  { code: '2', name: '南' },
  { code: '9', name: '南北' },
  { code: '5', name: '东南' },
  { code: '7', name: '西南' },
  { code: '1', name: '东' },
  { code: '3', name: '西' },
  { code: '10', name: '东西' },
  { code: '4', name: '北' },
  { code: '6', name: '东北' },
  { code: '8', name: '西北' },
] as const;

export type OrientationCode = (typeof ORIENTATIONS)[number]['code'];

export const ORIENTATION_CODES = ORIENTATIONS.map((o) => o.code) as [
  OrientationCode,
  ...OrientationCode[],
];

/** 朝向 name by code; '' for an unknown or missing code. */
export function orientationName(code: string | null | undefined): string {
  return ORIENTATIONS.find((o) => o.code === code)?.name ?? '';
}

/**
 * Words in a listing title that promise a 朝向, and the codes that keep the promise: a title
 * saying 南北通透 over a flat facing 南 only is refused at publishing (docs/product/listings.md).
 */
const TITLE_ORIENTATION_PROMISES: ReadonlyArray<{ words: string[]; codes: string[] }> = [
  { words: ['南北通透', '南北向'], codes: ['9'] },
  { words: ['东西通透'], codes: ['10'] },
  { words: ['南向', '朝南'], codes: ['2', '9', '5', '7'] },
];

/** The word of `title` that its 朝向 code contradicts, or null when none does. */
export function titleOrientationConflict(title: string, code: string): string | null {
  for (const promise of TITLE_ORIENTATION_PROMISES)
    for (const word of promise.words)
      if (title.includes(word) && !promise.codes.includes(code)) return word;
  return null;
}

/** The map's 周边配套 layer draws at most this many points in one view (docs/product/nearby.md). */
export const MAP_POI_LIMIT = 400;
