import { PROJECT_AREA_BANDS, PROJECT_PRICE_BANDS } from '@portal/shared/constants/project-filters';
import { type MapBounds, type MapCluster, mapFilterSchema } from '@portal/shared/schemas/map';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { drawsOf, seededRandom } from '../../../test/random-searches';
import { selectRows } from '../../db/sql-rows';
import { readProjectSearchIndex } from '../projects/index';
import {
  projectClustersInBox,
  projectPageInBox,
  selectProjectClustersInBox,
  selectProjectPageInBox,
} from './map-view.queries';
import { clustersOf, markersOf, selectClusters, selectMarkers, toSearchQuery } from './map.queries';

let t: TestApp;
type Text = { publish_name: string; district_code: string };
let texts: Text[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.3 });
  const db = t.database.db;
  // Ties the markers' order must break as SQL does (equal follower counts), and projects on a
  // box's edge.
  await db.execute(
    sql`update projects set collect_number = 7 where id in (select id from projects order by id limit 8)`,
  );
  await db.execute(
    sql`update projects set lng = 119.6, lat = 39.9 where id in (select id from projects where publish_status = 3 order by id limit 2)`,
  );
  texts = await selectRows<Text>(
    db,
    sql`select publish_name, district_code from projects where publish_status = 3`,
  );
}, 120_000);
afterAll(async () => t.dispose());

/** A map filter as a visitor's query string would give it. */
function randomFilter(next: () => number) {
  const { pick, sometimes } = drawsOf(next);
  const text = pick(texts);
  const raw: Record<string, string | undefined> = {
    keyword: sometimes(() => {
      const chars = Array.from(pick([text.publish_name, '海港 花园', '%_', '区']));
      const start = Math.floor(next() * chars.length);
      return chars.slice(start, start + 1 + Math.floor(next() * 3)).join('');
    }),
    areaCode: sometimes(() => text.district_code),
    priceScope: sometimes(() => pick(PROJECT_PRICE_BANDS.map((b) => b.code))),
    buildAreaScope: sometimes(() => pick(PROJECT_AREA_BANDS.map((b) => b.code))),
    properties: sometimes(() => pick(['1', '2', '3', '4', '5', '6'])),
  };
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  return mapFilterSchema.parse(present);
}

/** A box somewhere over the city, some of them with an edge on 119.6 / 39.9 exactly. */
function randomBox(next: () => number): MapBounds {
  const edge = next() < 0.2;
  const west = edge ? 119.6 : Number((118.8 + next() * 1.0).toFixed(4));
  const south = edge ? 39.9 : Number((39.6 + next() * 0.6).toFixed(4));
  const east = Number((west + 0.05 + next() * 0.5).toFixed(4));
  const north = Number((south + 0.05 + next() * 0.3).toFixed(4));
  return edge && next() < 0.5 ? [west - 0.2, south - 0.1, west, south] : [west, south, east, north];
}

/** Clusters alike: the same districts, names and counts, centres within a millionth of a degree. */
function expectSameClusters(fromMemory: MapCluster[], fromSql: MapCluster[], what: string) {
  const counts = (list: MapCluster[]) =>
    list.map(({ key, label, docCount }) => [key, label, docCount]);
  expect(counts(fromMemory), what).toEqual(counts(fromSql));
  // A centre is a mean: the last millionth of a degree may round the other way (under 0.1 m).
  fromMemory.forEach((cluster, n) => {
    expect(Math.abs(cluster.lng - (fromSql[n]?.lng ?? 0)), what).toBeLessThanOrEqual(1.01e-6);
    expect(Math.abs(cluster.lat - (fromSql[n]?.lat ?? 0)), what).toBeLessThanOrEqual(1.01e-6);
  });
}

describe('the map from the published projects in memory', () => {
  it('counts and places the district clusters of 200 random filters as SQL does', async () => {
    const db = t.database.db;
    const index = await readProjectSearchIndex(db);
    const next = seededRandom(85);
    let found = 0;
    for (let i = 0; i < 200; i += 1) {
      const filter = randomFilter(next);
      const fromSql = await selectClusters(db, filter);
      const fromMemory = clustersOf(index.matching(toSearchQuery(filter)));
      expectSameClusters(fromMemory, fromSql, JSON.stringify(filter));
      if (fromSql.length > 0) found += 1;
    }
    expect(found, `${found} of 200 found something`).toBeGreaterThan(80);
  });

  it('answers the markers of 300 random boxes and filters exactly as SQL does', async () => {
    const db = t.database.db;
    const index = await readProjectSearchIndex(db);
    const next = seededRandom(58);
    let found = 0;
    for (let i = 0; i < 300; i += 1) {
      const filter = randomFilter(next);
      const box = randomBox(next);
      const fromSql = await selectMarkers(db, filter, box);
      const fromMemory = markersOf(index.matching(toSearchQuery(filter)), box);
      expect(fromMemory, JSON.stringify({ filter, box })).toEqual(fromSql);
      if (fromSql.list.length > 1) found += 1;
    }
    expect(found, `${found} of 300 found two or more`).toBeGreaterThan(60);
  });

  it('answers the clusters and list pages of 200 random views as SQL does', async () => {
    const db = t.database.db;
    const index = await readProjectSearchIndex(db);
    const next = seededRandom(56);
    const { pick } = drawsOf(next);
    let found = 0;
    for (let i = 0; i < 200; i += 1) {
      const filter = randomFilter(next);
      // Half of the views take in the whole city, so pages and sorts have projects to order.
      const box: MapBounds = next() < 0.5 ? [118.5, 39.3, 120.5, 40.5] : randomBox(next);
      const what = JSON.stringify({ filter, box });
      expectSameClusters(
        projectClustersInBox(index, filter, box),
        await selectProjectClustersInBox(db, filter, box),
        what,
      );
      const query = {
        ...filter,
        bbox: box.join(','),
        pageNum: pick([1, 1, 2, 3]),
        sortType: pick(['1', '2', '3', '4', '5'] as const),
      };
      const fromSql = await selectProjectPageInBox(db, query, box);
      expect(projectPageInBox(index, query, box), what).toEqual(fromSql);
      if (fromSql.total > 1) found += 1;
    }
    expect(found, `${found} of 200 found two or more`).toBeGreaterThan(60);
  });
});
