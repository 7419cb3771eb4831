import { beijingYearOf } from '@portal/shared/beijing-time';
import {
  LISTING_AGE_BANDS,
  LISTING_AREA_BANDS,
  RENT_PRICE_BANDS,
  SALE_PRICE_BANDS,
} from '@portal/shared/constants/listings';
import { listingSearchQuerySchema } from '@portal/shared/schemas/listings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { drawsOf, seededRandom } from '../../../test/random-searches';
import { lexemesOfTsVector } from '../../db/bigrams';
import { selectRows } from '../../db/sql-rows';
import { ok } from '../../lib/envelope';
import { keyOf } from '../../lib/kept-answers';
import { filterTests } from './listing-search-filters';
import { readListingSearchIndex } from './listing-search-index';
import { searchListings } from './listings.queries';

let t: TestApp;
const year = beijingYearOf();
type Text = { title: string; community_name: string; address: string; district_code: string };
let texts: Text[] = [];
let decorates: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.2 });
  const db = t.database.db;
  // Ties the sorts must break as SQL does: equal view counts and publish times, and a sale
  // listing with no unit price.
  await db.execute(
    sql`update second_hand_listings set view_count = 7 where id in (select id from second_hand_listings where publish_status = 3 order by id limit 12)`,
  );
  await db.execute(
    sql`update second_hand_listings set publish_time = (select max(publish_time) from second_hand_listings) where id in (select id from second_hand_listings where publish_status = 3 order by id desc limit 6)`,
  );
  await db.execute(
    sql`update second_hand_listings set price_per_square_metre = null where id = (select min(id) from second_hand_listings where type = 1 and publish_status = 3)`,
  );
  texts = await selectRows<Text>(
    db,
    sql`select title, community_name, address, district_code from second_hand_listings where publish_status = 3`,
  );
  decorates = (
    await selectRows<{ code: string }>(
      db,
      sql`select distinct decorates as code from second_hand_listings`,
    )
  ).map((row) => row.code);
});
afterAll(async () => t.dispose());

/** A random search as a visitor's query string would give it, filters each asked at times. */
function randomQuery(next: () => number) {
  const { pick, sometimes } = drawsOf(next);
  const type = pick(['1', '2'] as const);
  const text = pick(texts);
  const keyword = sometimes(() => {
    const source = pick([text.title, text.community_name, text.address, '花园 小区', '%_', 'ab']);
    const chars = Array.from(source);
    const start = Math.floor(next() * chars.length);
    return chars.slice(start, start + 1 + Math.floor(next() * 4)).join('');
  });
  const raw: Record<string, string | undefined> = {
    type,
    areaCode: sometimes(() => text.district_code),
    priceScope: sometimes(() =>
      pick((type === '1' ? SALE_PRICE_BANDS : RENT_PRICE_BANDS).map((b) => b.code)),
    ),
    areaScope: sometimes(() => pick(LISTING_AREA_BANDS.map((b) => b.code))),
    bedroom: sometimes(() => pick(['1', '2', '3', '4', '5', '6'])),
    ageScope: sometimes(() => pick(LISTING_AGE_BANDS.map((b) => b.code))),
    rentType: sometimes(() => pick(['1', '2'])),
    rentPay: sometimes(() => pick(['1', '2', '3', '4'])),
    decorates: sometimes(() => pick(decorates)),
    community: sometimes(() => text.community_name, 0.1),
    keyword,
    sortType: pick(['1', '2', '3', '4', '5']),
    pageNum: pick(['1', '1', '2', '3']),
    pageSize: pick(['5', '10', '20']),
  };
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return listingSearchQuerySchema.parse(present);
}

describe('the in-process index of the second-hand search', () => {
  it('answers 200 random searches exactly as the SQL search does', async () => {
    const db = t.database.db;
    const index = await readListingSearchIndex(db, 1);
    expect(index.size).toBeGreaterThan(40);
    const next = seededRandom(37);
    let found = 0;
    for (let i = 0; i < 200; i += 1) {
      const query = randomQuery(next);
      const tests = filterTests(query, { currentYear: year });
      expect(tests, 'every filter of the search has an in-process test').not.toBeNull();
      const fromIndex = index.search(query, tests ?? []);
      const fromSql = await searchListings(db, query, year);
      expect(fromIndex, JSON.stringify(query)).toEqual(fromSql);
      expect(String(index.body(query, tests ?? []))).toBe(JSON.stringify(ok(fromSql)));
      // Kept per search for the index's life: the same bytes, asked again or not.
      const key = keyOf({ ...query, year });
      const kept = index.keptBody(key, query, tests ?? []);
      expect(String(kept)).toBe(JSON.stringify(ok(fromSql)));
      expect(index.keptBody(key, query, tests ?? [])).toBe(kept);
      if (fromSql.total > 0) found += 1;
    }
    // The comparison is not of empty answers only.
    expect(found, `${found} of 200 found something`).toBeGreaterThan(65);
  });

  it('reads the lexemes of a stored tsvector', async () => {
    const [row] = await selectRows<{ v: string }>(
      t.database.db,
      sql`select ${"'阳' '阳光' 'it''s' 'a\\\\b'"}::tsvector::text as v`,
    );
    expect([...lexemesOfTsVector(row?.v ?? '')].sort()).toEqual(
      ['a\\b', "it's", '阳', '阳光'].sort(),
    );
  });
});
