import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { houseModels, projects } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.3 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

interface Item {
  id: number;
  publishName: string;
  projectName: string;
  districtCode: string;
  platformPrice: number;
  tradein: boolean;
}
interface PageBody {
  code: string;
  data: { list: Item[]; total: number; pageNum: number; pageSize: number };
}

async function search(query: string): Promise<PageBody['data']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<PageBody>();
  expect(body.code).toBe('000000');
  return body.data;
}

async function publishedCount(where = sql`true`): Promise<number> {
  return t.database.db.$count(projects, and(eq(projects.publishStatus, 3), where));
}

describe('GET /api/projects filters', () => {
  it('lists only published projects, 20 per page by default, with the total', async () => {
    const page = await search('');
    expect(page.pageSize).toBe(20);
    expect(page.total).toBe(await publishedCount());
    expect(page.list.length).toBe(Math.min(20, page.total));
  });

  it('filters by district', async () => {
    const page = await search('areaCode=HGQ&pageSize=50');
    expect(page.total).toBe(await publishedCount(eq(projects.districtCode, 'HGQ')));
    expect(page.list.every((item) => item.districtCode === 'HGQ')).toBe(true);
  });

  it('filters by unit-price band (元/㎡, lower bound inclusive)', async () => {
    const page = await search('priceScope=2&pageSize=50');
    expect(page.total).toBe(
      await publishedCount(
        sql`${projects.platformPrice} >= 8000 and ${projects.platformPrice} < 10000`,
      ),
    );
    expect(
      page.list.every((item) => item.platformPrice >= 8000 && item.platformPrice < 10000),
    ).toBe(true);
    const high = await search('priceScope=4&pageSize=50');
    expect(high.list.every((item) => item.platformPrice >= 12000)).toBe(true);
  });

  it('filters by layout and by area band through the house models', async () => {
    const page = await search('bedroom=3&pageSize=50');
    const expected = await publishedCount(
      sql`exists (select 1 from ${houseModels} m where m.project_id = ${projects.id} and m.bedroom = 3)`,
    );
    expect(page.total).toBe(expected);
    const area = await search('buildAreaScope=5&pageSize=50');
    expect(area.total).toBe(
      await publishedCount(
        sql`exists (select 1 from ${houseModels} m where m.project_id = ${projects.id} and m.area >= 144)`,
      ),
    );
  });

  it('filters by purpose and by trade-in type', async () => {
    const purpose = await search('properties=5&pageSize=50');
    expect(purpose.total).toBe(await publishedCount(sql`5 = any(${projects.properties})`));
    const tradein = await search('houseType=1&pageSize=50');
    expect(tradein.total).toBe(await publishedCount(eq(projects.tradein, true)));
    expect(tradein.list.every((item) => item.tradein)).toBe(true);
  });

  it('combines filters with AND and answers the empty list when nothing matches', async () => {
    const page = await search('areaCode=QL&priceScope=4&bedroom=5&houseType=1');
    const all = await search('areaCode=QL&pageSize=50');
    expect(page.total).toBeLessThanOrEqual(all.total);
    const none = await search('keyword=不存在的楼盘名字');
    expect(none).toMatchObject({ list: [], total: 0 });
  });
});

describe('GET /api/projects sorts and bounds', () => {
  it('sorts by unit price both ways and by attention', async () => {
    const desc = (await search('sortType=2&pageSize=50')).list.map((i) => i.platformPrice);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const asc = (await search('sortType=3&pageSize=50')).list.map((i) => i.platformPrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const [top] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .orderBy(sql`${projects.collectNumber} desc, ${projects.id} desc`)
      .limit(1);
    expect((await search('sortType=4')).list[0]?.id).toBe(top?.id);
  });

  it('pages without overlap and answers the total past the last page', async () => {
    const first = await search('pageSize=5&pageNum=1');
    const second = await search('pageSize=5&pageNum=2');
    const ids = new Set(first.list.map((i) => i.id));
    expect(second.list.some((i) => ids.has(i.id))).toBe(false);
    const past = await search('pageSize=5&pageNum=999');
    expect(past.list).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('refuses bad codes and page bounds with 400 and a Chinese message', async () => {
    for (const query of ['pageNum=0', 'pageSize=51', 'areaCode=XX', 'priceScope=9', 'sortType=7']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/projects?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('10001');
    }
  });
});

describe('GET /api/projects keyword', () => {
  it('matches one-, two- and longer keywords in the project name', async () => {
    const [sample] = await t.database.db
      .select({ publishName: projects.publishName })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .limit(1);
    const name = sample?.publishName ?? '';
    for (const keyword of [name.slice(0, 1), name.slice(0, 2), name]) {
      const page = await search(`keyword=${encodeURIComponent(keyword)}&pageSize=50`);
      const expected = await publishedCount(
        sql`(${projects.publishName} || ' ' || ${projects.projectName} || ' ' || ${projects.projectAddress} || ' ' || coalesce((select name from companies where id = ${projects.companyId}), '') || ' ' || (select name from districts where code = ${projects.districtCode})) like ${`%${keyword}%`}`,
      );
      expect(page.total, keyword).toBe(expected);
      expect(page.total, keyword).toBeGreaterThan(0);
    }
  });

  it('matches the developer name and the filing name', async () => {
    const [row] = await selectRows<{ name: string; project_name: string }>(
      t.database.db,
      sql`select c.name, p.project_name from projects p join companies c on c.id = p.company_id where p.publish_status = 3 limit 1`,
    );
    const byCompany = await search(`keyword=${encodeURIComponent(row?.name ?? '')}`);
    expect(byCompany.total).toBeGreaterThan(0);
    const byFiling = await search(`keyword=${encodeURIComponent(row?.project_name ?? '')}`);
    expect(byFiling.total).toBeGreaterThan(0);
  });

  it('keeps only contiguous matches and ignores punctuation-only keywords', async () => {
    const all = await search('');
    const punct = await search(`keyword=${encodeURIComponent('%_')}`);
    expect(punct.total).toBe(all.total);
  });
});
