import { and, between, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { projects } from '../../db/schema/index';
import { invalidateProjectReads, projectReadCacheStats } from '../../lib/read-cache';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.3 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const published = eq(projects.publishStatus, 3);

interface Cluster {
  key: string;
  label: string;
  docCount: number;
  lng: number;
  lat: number;
}

describe('district clusters', () => {
  it('count the published projects of each district like SQL', async () => {
    const res = await get('/api/map/clusters');
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().data as { list: Cluster[]; total: number };
    const rows = await t.database.db
      .select({ code: projects.districtCode, n: count() })
      .from(projects)
      .where(published)
      .groupBy(projects.districtCode);
    expect(Object.fromEntries(list.map((c) => [c.key, c.docCount]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.code, r.n])),
    );
    expect(total).toBe(rows.reduce((sum, r) => sum + r.n, 0));
    const hgq = list.find((c) => c.key === 'HGQ');
    expect(hgq?.label).toBe('海港区');
    expect(hgq?.lng).toBeGreaterThan(119);
    expect(hgq?.lat).toBeGreaterThan(39);
  });

  it('honour the district and price filters', async () => {
    const res = await get('/api/map/clusters?areaCode=HGQ&priceScope=3');
    const { list } = res.json().data as { list: Cluster[] };
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(projects)
      .where(
        and(
          published,
          eq(projects.districtCode, 'HGQ'),
          gte(projects.platformPrice, 10000),
          lt(projects.platformPrice, 12000),
        ),
      );
    expect(list.map((c) => c.key)).toEqual(expected?.n ? ['HGQ'] : []);
    expect(list[0]?.docCount ?? 0).toBe(expected?.n);
  });

  it('match the list total for the same keyword', async () => {
    const [first] = await t.database.db
      .select({ name: projects.publishName })
      .from(projects)
      .where(published)
      .limit(1);
    const keyword = encodeURIComponent(` ${first?.name.slice(0, 2)} `);
    const clusters = (await get(`/api/map/clusters?keyword=${keyword}`)).json().data;
    const page = (await get(`/api/map/projects?keyword=${keyword}`)).json().data;
    expect(clusters.total).toBeGreaterThan(0);
    expect(clusters.total).toBe(page.total);
  });

  it('refuse unknown filter codes with 400', async () => {
    expect((await get('/api/map/clusters?areaCode=XX')).statusCode).toBe(400);
    expect((await get('/api/map/clusters?priceScope=9')).statusCode).toBe(400);
  });
});

describe('viewport markers', () => {
  it('return exactly the published projects inside the box', async () => {
    const box = [119.5, 39.85, 119.65, 39.98];
    const res = await get(`/api/map/markers?bbox=${box.join(',')}`);
    expect(res.statusCode).toBe(200);
    const { list, truncated } = res.json().data as {
      list: Array<{ id: number; name: string; platformPrice: number; lng: number; lat: number }>;
      truncated: boolean;
    };
    expect(truncated).toBe(false);
    const rows = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          published,
          between(projects.lng, box[0] as number, box[2] as number),
          between(projects.lat, box[1] as number, box[3] as number),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(list.map((m) => m.id).sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.id).sort((a, b) => a - b),
    );
    for (const marker of list) {
      expect(marker.lng).toBeGreaterThanOrEqual(box[0] as number);
      expect(marker.lat).toBeLessThanOrEqual(box[3] as number);
      expect(marker.name.length).toBeGreaterThan(0);
      expect(marker.platformPrice).toBeGreaterThan(0);
    }
  });

  it('apply the filters inside the box', async () => {
    const box = '118.5,39.3,120.2,40.7';
    const all = (await get(`/api/map/markers?bbox=${box}`)).json().data.list as Array<{
      platformPrice: number;
    }>;
    const cheap = (await get(`/api/map/markers?bbox=${box}&priceScope=1`)).json().data
      .list as Array<{
      platformPrice: number;
    }>;
    expect(cheap.length).toBeLessThan(all.length);
    expect(cheap.every((m) => m.platformPrice < 8000)).toBe(true);
    expect(cheap.length).toBe(all.filter((m) => m.platformPrice < 8000).length);
  });

  it('refuse a bad box with 400 and a Chinese message', async () => {
    for (const bbox of [
      '',
      '1,2,3',
      'a,b,c,d',
      '119.6,39.9,119.5,40',
      '119,39,119.5,200',
      '100,30,119,40',
    ]) {
      const res = await get(`/api/map/markers?bbox=${encodeURIComponent(bbox)}`);
      expect(res.statusCode, bbox).toBe(400);
      expect(res.json().code).toBe('80001');
      expect(res.json().message).toMatch(/地图范围/);
    }
    expect((await get('/api/map/markers')).statusCode).toBe(400);
  });
});

describe('map list', () => {
  it('pages by 10 and sorts by unit price', async () => {
    const first = (await get('/api/map/projects?sortType=2')).json().data;
    const second = (await get('/api/map/projects?sortType=2&pageNum=2')).json().data;
    const [expected] = await t.database.db.select({ n: count() }).from(projects).where(published);
    expect(first.total).toBe(expected?.n);
    expect(first.pageSize).toBe(10);
    expect(first.list).toHaveLength(10);
    const prices = [...first.list, ...second.list].map(
      (p: { platformPrice: number }) => p.platformPrice,
    );
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const ids = new Set([...first.list, ...second.list].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(first.list.length + second.list.length);
  });

  it('lists only the district of a clicked cluster', async () => {
    const page = (await get('/api/map/projects?areaCode=BDH')).json().data;
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((p: { districtCode: string }) => p.districtCode === 'BDH')).toBe(true);
  });
});

describe('marker detail', () => {
  it('answers the card of a project and 404 for unknown ones', async () => {
    const [row] = await t.database.db
      .select({ id: projects.id, name: projects.publishName })
      .from(projects)
      .where(published)
      .limit(1);
    const res = await get(`/api/map/markers/${row?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publishName).toBe(row?.name);
    const missing = await get('/api/map/markers/2000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('80002');
    expect((await get('/api/map/markers/99999999999')).statusCode).toBe(400);
  });

  it('reflects project writes once reads are invalidated', async () => {
    const before = (await get('/api/map/clusters?areaCode=SHG')).json().data.total as number;
    // Asked again, the same URL is answered from its kept bytes, before its query is checked.
    const { urlHits } = projectReadCacheStats();
    const again = await get('/api/map/clusters?areaCode=SHG');
    expect(again.json().data.total).toBe(before);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(projectReadCacheStats().urlHits).toBe(urlHits + 1);
    const [row] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(published, eq(projects.districtCode, 'SHG')))
      .limit(1);
    await t.database.db
      .update(projects)
      .set({ publishStatus: 4 })
      .where(eq(projects.id, row?.id ?? 0));
    invalidateProjectReads();
    const after = (await get('/api/map/clusters?areaCode=SHG')).json().data.total as number;
    expect(after).toBe(before - 1);
    await t.database.db
      .update(projects)
      .set({ publishStatus: 3 })
      .where(eq(projects.id, row?.id ?? 0));
    invalidateProjectReads();
  });
});
