import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bigramTsVector } from '../../db/bigrams';
import { secondHandListings as L } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
}, 120_000);
afterAll(async () => t.dispose());

interface Suggestion {
  name: string;
  count: number;
}

async function suggest(query: string): Promise<Suggestion[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/listings/communities?${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Suggestion[] }>().data;
}

/** Published listings of a type per community name, as the public search shows them. */
async function publishedCommunities(type: 1 | 2): Promise<Map<string, number>> {
  const rows = await selectRows<{ name: string; n: string | number }>(
    t.database.db,
    sql`select community_name as name, count(*) as n from second_hand_listings l
      where type = ${type} and publish_status = 3
        and (select count(*) from listing_reports r
             where r.listing_id = l.id and r.status = 'open') < 3
      group by community_name`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/** Renames one listing's community, keeping its search lexemes in step as the writers do. */
async function renameCommunity(id: number, communityName: string): Promise<void> {
  const [row] = await t.database.db.select().from(L).where(eq(L.id, id));
  if (!row) throw new Error(`listing ${id} missing`);
  await t.database.db
    .update(L)
    .set({ communityName, searchBigrams: bigramTsVector(row.title, communityName, row.address) })
    .where(eq(L.id, id));
}

describe('GET /api/listings/communities', () => {
  it('suggests community names containing the keyword with their published listing counts', async () => {
    const published = await publishedCommunities(1);
    const [name] = [...published.keys()].filter((n) => Array.from(n).length >= 3);
    if (!name) throw new Error('the seed has no community name');
    const keyword = Array.from(name).slice(0, 2).join('');
    const found = await suggest(`type=1&keyword=${encodeURIComponent(keyword)}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(10);
    for (const item of found) {
      expect(item.name).toContain(keyword);
      expect(item.count).toBe(published.get(item.name));
    }
    const all = [...published.keys()].filter((n) => n.includes(keyword));
    if (all.length <= 10) expect(found.map((item) => item.name).sort()).toEqual(all.sort());
    else expect(found).toHaveLength(10);
    const counts = found.map((item) => item.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('gives at most ten names, the ones with most listings first', async () => {
    const rows = await t.database.db
      .select({ id: L.id })
      .from(L)
      .where(
        and(
          eq(L.type, 1),
          sql`not exists (select 1 from listing_reports r where r.listing_id = ${L.id})`,
        ),
      )
      .orderBy(L.id)
      .limit(14);
    expect(rows).toHaveLength(14);
    // 限测甲苑 gets three listings, eleven other names one each: twelve names match 限测.
    const names = ['限测甲苑', '限测甲苑', '限测甲苑', ...'乙丙丁戊己庚辛壬癸子丑'].map((n) =>
      n.length === 1 ? `限测${n}苑` : n,
    );
    for (const [index, row] of rows.entries()) {
      await renameCommunity(row.id, names[index] ?? '');
      await t.database.db.update(L).set({ publishStatus: 3 }).where(eq(L.id, row.id));
    }
    const found = await suggest('keyword=限测');
    expect(found).toHaveLength(10);
    expect(found[0]).toEqual({ name: '限测甲苑', count: 3 });
    expect(found.slice(1).every((item) => item.count === 1)).toBe(true);
    expect(new Set(found.map((item) => item.name)).size).toBe(10);
  });

  it('never suggests the community of an unpublished listing or of the other list type', async () => {
    const [unpublished] = await t.database.db
      .select({ id: L.id })
      .from(L)
      .where(and(eq(L.type, 1), ne(L.publishStatus, 3)))
      .limit(1);
    const [rental] = await t.database.db
      .select({ id: L.id })
      .from(L)
      .where(and(eq(L.type, 2), eq(L.publishStatus, 3)))
      .limit(1);
    await renameCommunity(unpublished?.id as number, '隐藏测试苑');
    await renameCommunity(rental?.id as number, '租住测试苑');
    expect(await suggest('type=1&keyword=测试苑')).toEqual([]);
    expect(await suggest('type=2&keyword=测试苑')).toEqual([{ name: '租住测试苑', count: 1 }]);

    await t.database.db
      .update(L)
      .set({ publishStatus: 3 })
      .where(eq(L.id, unpublished?.id as number));
    expect(await suggest('type=1&keyword=隐藏')).toEqual([{ name: '隐藏测试苑', count: 1 }]);
  });

  it('suggests nothing for an empty keyword or one without letters or digits', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('keyword=')).toEqual([]);
    expect(await suggest('keyword=%20%20')).toEqual([]);
    expect(await suggest(`keyword=${encodeURIComponent('%·')}`)).toEqual([]);
  });

  it('refuses a bad type or an overlong keyword in Chinese', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/listings/communities?keyword=${encodeURIComponent('花'.repeat(21))}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('小区关键词不能超过20个字符');
    const type = await t.app.inject({ method: 'GET', url: '/api/listings/communities?type=3' });
    expect(type.statusCode).toBe(400);
  });
});

describe('GET /api/listings community filter', () => {
  it('lists only the listings of the chosen community', async () => {
    const published = await publishedCommunities(1);
    const [name, count] = [...published.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!name) throw new Error('the seed has no community name');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/listings?type=1&pageSize=50&community=${encodeURIComponent(name)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{
      data: { total: number; list: Array<{ scVO: { communityName: string } }> };
    }>().data;
    expect(data.total).toBe(count);
    expect(data.list.every((row) => row.scVO.communityName === name)).toBe(true);
    const part = Array.from(name).slice(0, 2).join('');
    const partial = await t.app.inject({
      method: 'GET',
      url: `/api/listings?type=1&community=${encodeURIComponent(part)}`,
    });
    expect(partial.json().data.total).toBe(published.get(part) ?? 0);
  });
});
