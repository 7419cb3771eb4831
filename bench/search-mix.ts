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
