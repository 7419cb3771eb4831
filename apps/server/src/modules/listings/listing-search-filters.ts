import {
  LISTING_AGE_BANDS,
  LISTING_AREA_BANDS,
  LISTING_TYPE,
  RENT_PRICE_BANDS,
  SALE_PRICE_BANDS,
} from '@portal/shared/constants/listings';
import { findBand, type RangeBand } from '@portal/shared/constants/project-filters';
import type { ListingSearchQuery } from '@portal/shared/schemas/listings';
import { and, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import { bigramTsQuery, queryLexemes } from '../../db/bigrams';
import { secondHandListings } from '../../db/schema/index';

const L = secondHandListings;

/**
 * What the in-process search index keeps of a public listing for its filters
 * (`listing-search-index.ts`): the columns the filters read, the keyword's haystack and the
 * lexemes of the stored `search_bigrams`. A new filter that needs another column adds it here
 * and to the index's select.
 */
export interface IndexedListing {
  id: number;
  type: number;
  districtCode: string;
  communityName: string;
  price: number;
  pricePerSquareMetre: number | null;
  buildArea: number;
  bedroom: number;
  room: number;
  toilet: number;
  /** Build year. */
  age: number | null;
  direction: string;
  decorates: string;
  houseType: string | null;
  rentType: string | null;
  rentPay: string | null;
  lng: number | null;
  lat: number | null;
  /** Epoch ms, null when never published. */
  publishTime: number | null;
  viewCount: number;
  /** `title || ' ' || community || ' ' || address`, lower case: what the keyword's ILIKE reads. */
  haystack: string;
  /** The lexemes of the stored `search_bigrams` (what the keyword's tsquery reads). */
  lexemes: ReadonlySet<string>;
}

/** What a filter may need besides the query. */
export interface FilterContext {
  /** The year the 房龄 bands count from (Beijing time). */
  currentYear: number;
}

/**
 * One filter of the public second-hand search (docs/product/listings.md), said twice: as its SQL
 * condition and as the same test over an indexed row. Both return undefined when the query does
 * not ask for the filter. A filter without `test` (one the index cannot answer, e.g. one that
 * needs another table) is still honoured: a search that asks for it is answered by SQL. The
 * property test (`listing-search-index.test.ts`) holds both forms to the same answers.
 */
export interface ListingSearchFilter {
  /** The query parameter it reads (for messages and tests). */
  name: string;
  sql(query: ListingSearchQuery, ctx: FilterContext): SQL | undefined;
  test?(
    query: ListingSearchQuery,
    ctx: FilterContext,
  ): ((row: IndexedListing) => boolean) | undefined;
}

function bandSql(column: SQL, band: RangeBand | undefined): SQL | undefined {
  if (!band) return undefined;
  return and(
    band.min !== null ? sql`${column} >= ${band.min}` : undefined,
    band.max !== null ? sql`${column} < ${band.max}` : undefined,
  );
}

function bandTest(
  band: RangeBand | undefined,
  value: (row: IndexedListing) => number,
): ((row: IndexedListing) => boolean) | undefined {
  if (!band) return undefined;
  const { min, max } = band;
  return (row) => {
    const v = value(row);
    return (min === null || v >= min) && (max === null || v < max);
  };
}

/** A filter on one text column compared for equality, asked when the query has `value`. */
function equalFilter(
  name: string,
  column: Parameters<typeof eq>[0],
  value: (query: ListingSearchQuery) => string | undefined,
  field: (row: IndexedListing) => string | null,
): ListingSearchFilter {
  return {
    name,
    sql: (query) => {
      const wanted = value(query);
      return wanted ? eq(column, wanted) : undefined;
    },
    test: (query) => {
      const wanted = value(query);
      return wanted ? (row) => field(row) === wanted : undefined;
    },
  };
}

/** A text matched literally by LIKE / ILIKE (its wildcards escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The bedroom count asked (5 means 5 or more), undefined when none or not a whole number. */
function bedroomOf(query: ListingSearchQuery): number | undefined {
  const bedroom = query.bedroom ? Number(query.bedroom) : undefined;
  return bedroom !== undefined && Number.isInteger(bedroom) ? bedroom : undefined;
}

/** 房龄 band → build-year bounds: age = currentYear − build year, in [min, max). */
function ageBand(query: ListingSearchQuery) {
  return findBand(LISTING_AGE_BANDS, query.ageScope);
}

/**
 * The filters of the public search besides its base (published listings of one type not hidden
 * by reports), in the order their conditions are written. Add a filter here, with both forms.
 */
export const LISTING_SEARCH_FILTERS: readonly ListingSearchFilter[] = [
  equalFilter(
    'areaCode',
    L.districtCode,
    (q) => q.areaCode,
    (r) => r.districtCode,
  ),
  {
    name: 'priceScope',
    sql: (q) =>
      bandSql(
        sql`${L.price}`,
        findBand(q.type === LISTING_TYPE.SALE ? SALE_PRICE_BANDS : RENT_PRICE_BANDS, q.priceScope),
      ),
    test: (q) =>
      bandTest(
        findBand(q.type === LISTING_TYPE.SALE ? SALE_PRICE_BANDS : RENT_PRICE_BANDS, q.priceScope),
        (r) => r.price,
      ),
  },
  {
    name: 'areaScope',
    sql: (q) => bandSql(sql`${L.buildArea}`, findBand(LISTING_AREA_BANDS, q.areaScope)),
    test: (q) => bandTest(findBand(LISTING_AREA_BANDS, q.areaScope), (r) => r.buildArea),
  },
  {
    name: 'bedroom',
    sql: (q) => {
      const bedroom = bedroomOf(q);
      if (bedroom === undefined) return undefined;
      return bedroom >= 5 ? gte(L.bedroom, 5) : eq(L.bedroom, bedroom);
    },
    test: (q) => {
      const bedroom = bedroomOf(q);
      if (bedroom === undefined) return undefined;
      return bedroom >= 5 ? (r) => r.bedroom >= 5 : (r) => r.bedroom === bedroom;
    },
  },
  {
    name: 'ageScope',
    sql: (q, { currentYear }) => {
      const band = ageBand(q);
      if (!band) return undefined;
      return and(
        band.min !== null ? lte(L.age, currentYear - band.min) : undefined,
        band.max !== null ? gt(L.age, currentYear - band.max) : undefined,
      );
    },
    test: (q, { currentYear }) => {
      const band = ageBand(q);
      if (!band) return undefined;
      const { min, max } = band;
      return (r) =>
        r.age !== null &&
        (min === null || r.age <= currentYear - min) &&
        (max === null || r.age > currentYear - max);
    },
  },
  equalFilter(
    'rentType',
    L.rentType,
    (q) => (q.type === LISTING_TYPE.RENT ? q.rentType : undefined),
    (r) => r.rentType,
  ),
  equalFilter(
    'rentPay',
    L.rentPay,
    (q) => (q.type === LISTING_TYPE.RENT ? q.rentPay : undefined),
    (r) => r.rentPay,
  ),
  equalFilter(
    'decorates',
    L.decorates,
    (q) => q.decorates,
    (r) => r.decorates,
  ),
  equalFilter(
    'community',
    L.communityName,
    (q) => q.community,
    (r) => r.communityName,
  ),
  {
    // Every character pair of the keyword among the listing's lexemes (the GIN index narrows the
    // rows), then the keyword itself inside title, community or address.
    name: 'keyword',
    sql: (q) => {
      const keyword = q.keyword;
      if (!keyword) return undefined;
      const tsQuery = bigramTsQuery(keyword);
      return and(
        tsQuery ? sql`${L.searchBigrams} @@ ${tsQuery}::tsquery` : undefined,
        sql`(${L.title} || ' ' || ${L.communityName} || ' ' || ${L.address}) ilike ${`%${escapeLike(keyword)}%`}`,
      );
    },
    test: (q) => {
      const keyword = q.keyword;
      if (!keyword) return undefined;
      const lexemes = queryLexemes(keyword);
      const needle = keyword.toLowerCase();
      return (r) => lexemes.every((lexeme) => r.lexemes.has(lexeme)) && r.haystack.includes(needle);
    },
  },
];

/** The SQL conditions of every filter the query asks for (none: undefined entries). */
export function filterConditions(
  query: ListingSearchQuery,
  ctx: FilterContext,
): Array<SQL | undefined> {
  return LISTING_SEARCH_FILTERS.map((filter) => filter.sql(query, ctx));
}

/**
 * The in-process tests of every filter the query asks for, or null when one of them has no
 * in-process form (the search is then answered by SQL).
 */
export function filterTests(
  query: ListingSearchQuery,
  ctx: FilterContext,
): Array<(row: IndexedListing) => boolean> | null {
  const tests: Array<(row: IndexedListing) => boolean> = [];
  for (const filter of LISTING_SEARCH_FILTERS) {
    const asked = filter.sql(query, ctx);
    if (asked === undefined) continue;
    const test = filter.test?.(query, ctx);
    if (!test) return null;
    tests.push(test);
  }
  return tests;
}
