// The request mixes of the search benchmark: three filters and a keyword on every request.
const KEYWORDS = ['海港', '阳光', '花园', '海', '湾', '山', '府', '苑', '城', '园'];
const DISTRICTS = ['HGQ', 'BDH', 'SHG', 'FN', 'CL', 'LL', 'QL', 'KFQ', 'BDHXQ'];
const PRICES = ['1', '2', '3', '4'];
const BEDROOMS = ['1', '2', '3', '4', '5'];
const SORTS = ['1', '2', '3', '4', '5'];

function searchUrl(
  keyword: string,
  area: string,
  price: string,
  bedroom: string,
  sort: string,
): string {
  const query = new URLSearchParams({
    keyword,
    areaCode: area,
    priceScope: price,
    bedroom,
    sortType: sort,
  });
  return `/api/projects?${query.toString()}`;
}

/**
 * A realistic mix of repeated searches: visitors mostly run the popular searches (2 keywords ×
 * 3 districts × 2 price bands × 2 layouts = 24 distinct requests, repeated).
 */
export function searchMix(): string[] {
  const urls: string[] = [];
  for (const keyword of KEYWORDS.slice(0, 2))
    for (const area of DISTRICTS.slice(0, 3))
      for (const price of PRICES.slice(1, 3))
        for (const bedroom of BEDROOMS.slice(1, 3))
          urls.push(searchUrl(keyword, area, price, bedroom, '1'));
  return urls;
}

/** Every combination once (10 × 9 × 4 × 5 × 5 = 9,000 distinct searches), shuffled. */
export function uniqueSearches(): string[] {
  const urls: string[] = [];
  for (const keyword of KEYWORDS)
    for (const area of DISTRICTS)
      for (const price of PRICES)
        for (const bedroom of BEDROOMS)
          for (const sort of SORTS) urls.push(searchUrl(keyword, area, price, bedroom, sort));
  let seed = 7;
  for (let i = urls.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [urls[i], urls[j]] = [urls[j] ?? '', urls[i] ?? ''];
  }
  return urls;
}

// The second-hand searches of visitors (bench/listing-search.ts, bench/read-mix.ts).
const LISTING_DISTRICTS = ['', 'HGQ', 'BDH', 'SHG', 'FN', 'CL', 'LL', 'QL', 'KFQ'];
const LISTING_KEYWORDS = ['', '', '', '花园', '海', '小区', '阳光', '园'];
const LISTING_PRICES = ['', '', '1', '2', '3', '4'];
const LISTING_BEDROOMS = ['', '', '2', '3'];
const LISTING_SORTS = ['1', '1', '2', '3', '4'];
const PAGES = [1, 1, 1, 2, 2, 3, 4];

/** A small deterministic generator (mulberry32), so every run asks the same searches. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pool of distinct searches, most popular first (plain first pages lead). */
export function listingSearchPool(size: number): string[] {
  const next = random(37);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
  const pool = new Set<string>(['/api/listings?type=1', '/api/listings?type=2']);
  while (pool.size < size) {
    const query = new URLSearchParams({ type: next() < 0.7 ? '1' : '2' });
    for (const [name, value] of [
      ['areaCode', pick(LISTING_DISTRICTS)],
      ['keyword', pick(LISTING_KEYWORDS)],
      ['priceScope', pick(LISTING_PRICES)],
      ['bedroom', pick(LISTING_BEDROOMS)],
      ['sortType', pick(LISTING_SORTS)],
      ['pageNum', String(pick(PAGES))],
    ] as const) {
      if (value !== '' && value !== '1') query.set(name, value);
    }
    pool.add(`/api/listings?${query.toString()}`);
  }
  return [...pool];
}

/** `count` requests drawn from `pool` by a Zipf law (exponent 1): rank r asked ∝ 1/r. */
export function zipfDraws<T>(pool: T[], count: number): T[] {
  const weights = pool.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  const next = random(2026);
  return Array.from({ length: count }, () => {
    const x = next();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 1) < x) lo = mid + 1;
      else hi = mid;
    }
    return (pool[lo] ?? pool[0]) as T;
  });
}
