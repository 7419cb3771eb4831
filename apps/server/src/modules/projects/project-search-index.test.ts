import { ORIENTATION_CODES } from '@portal/shared/constants/places';
import {
  PROJECT_AREA_BANDS,
  PROJECT_PRICE_BANDS,
  PROJECT_TOTAL_BANDS,
} from '@portal/shared/constants/project-filters';
import { projectSearchQuerySchema } from '@portal/shared/schemas/projects';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { drawsOf, seededRandom } from '../../../test/random-searches';
import { selectRows } from '../../db/sql-rows';
import { readProjectSearchIndex } from './project-search-index';
import { searchProjectRows } from './project-search.queries';

let t: TestApp;
type Text = { publish_name: string; project_address: string; district_code: string };
let texts: Text[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.3 });
  const db = t.database.db;
  // Ties the sorts must break as SQL does: equal prices, follower counts and publish times, and
  // a project never published (no publish time).
  await db.execute(
    sql`update projects set platform_price = 9800, collect_number = 3 where id in (select id from projects order by id limit 6)`,
  );
  await db.execute(
    sql`update projects set published_at = (select max(published_at) from projects) where id in (select id from projects order by id desc limit 4)`,
  );
  await db.execute(
    sql`update projects set published_at = null where id = (select min(id) from projects where publish_status = 3)`,
  );
  texts = await selectRows<Text>(
    db,
    sql`select publish_name, project_address, district_code from projects where publish_status = 3`,
  );
});
afterAll(async () => t.dispose());

/** A random search as a visitor's query string would give it, filters each asked at times. */
function randomQuery(next: () => number) {
  const { pick, sometimes } = drawsOf(next);
  const text = pick(texts);
  const keyword = sometimes(() => {
    const source = pick([text.publish_name, text.project_address, '海港 花园', '%_', 'AB', '区']);
    const chars = Array.from(source);
    const start = Math.floor(next() * chars.length);
    return chars.slice(start, start + 1 + Math.floor(next() * 4)).join('');
  });
  const raw: Record<string, string | undefined> = {
    keyword,
    areaCode: sometimes(() => text.district_code),
    priceScope: sometimes(() => pick(PROJECT_PRICE_BANDS.map((b) => b.code))),
    totalScope: sometimes(() => pick(PROJECT_TOTAL_BANDS.map((b) => b.code))),
    buildAreaScope: sometimes(() => pick(PROJECT_AREA_BANDS.map((b) => b.code))),
    bedroom: sometimes(() => pick(['1', '2', '3', '4', '5'])),
    orientation: sometimes(() => pick(ORIENTATION_CODES)),
    properties: sometimes(() => pick(['1', '2', '3', '4', '5', '6'])),
    houseType: sometimes(() => '1', 0.15),
    sortType: pick(['1', '2', '3', '4', '5']),
    pageNum: pick(['1', '1', '2', '3']),
    pageSize: pick(['3', '5', '10', '20']),
  };
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return projectSearchQuerySchema.parse(present);
}

describe('the new-house search from memory', () => {
  it('answers 300 random searches exactly as the SQL search does', async () => {
    const db = t.database.db;
    const index = await readProjectSearchIndex(db);
    expect(index.size).toBeGreaterThan(10);
    const next = seededRandom(41);
    let found = 0;
    for (let i = 0; i < 300; i += 1) {
      const query = randomQuery(next);
      const fromSql = await searchProjectRows(db, query);
      expect(index.search(query), JSON.stringify(query)).toEqual(fromSql);
      if (fromSql.total > 0) found += 1;
    }
    // The comparison is not of empty answers only.
    expect(found, `${found} of 300 found something`).toBeGreaterThan(100);
  });
});
