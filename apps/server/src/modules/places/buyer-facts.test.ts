import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { titleOrientationConflict } from '@portal/shared/constants/places';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  communities,
  dailyViews,
  houseModels,
  pois,
  rooms,
  secondHandListings,
} from '../../db/schema/index';
import { newCitizen, newSaleForm } from '../listings/listings-test-helpers';
import { bearerFor } from '../news/test-helpers';

type Headers = { authorization: string };
type AnyHeaders = Record<string, string>;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

let t: TestApp;
let buyer: Headers;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
});
afterAll(async () => t.dispose());

const get = (url: string, headers: AnyHeaders = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: AnyHeaders = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** A sale listing of the demo buyer in `community` (HGQ), published by an operator. */
async function publishedListingIn(community: string, title: string): Promise<number> {
  const form = { ...(await newSaleForm(t, buyer)), communityName: community, title };
  const created = await post('/api/listings', form, buyer);
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  const approved = await post(`/api/admin/listing-review/${id}/approve`, {}, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

describe('朝向 and 户型 of rooms', () => {
  it('seeds them, shows them on the building table and lets operators set them in bulk', async () => {
    const [room] = await t.database.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.housePurpose, '住宅'), sql`${rooms.houseModelId} is not null`))
      .limit(1);
    if (!room) throw new Error('no seeded room');
    expect(room.orientation).toMatch(/^\d+$/);
    const table = await get(
      `/api/building-table/buildings/${room.buildingId}/rooms?unit=${encodeURIComponent(room.unitName)}`,
    );
    expect(table.statusCode, table.body).toBe(200);
    const shown = table
      .json()
      .data.floors.flatMap((f: { houseList: Array<{ id: number }> }) => f.houseList)
      .find((r: { id: number }) => r.id === room.id);
    expect(shown).toMatchObject({ orientation: room.orientation, houseModelId: room.houseModelId });
    expect(shown.orientationName).not.toBe('');

    const set = await post(
      '/api/admin/rooms/facts',
      { roomIds: [room.id], orientation: '4' },
      admin,
    );
    expect(set.statusCode, set.body).toBe(200);
    const again = await get(
      `/api/building-table/buildings/${room.buildingId}/rooms?unit=${encodeURIComponent(room.unitName)}`,
    );
    const after = again
      .json()
      .data.floors.flatMap((f: { houseList: Array<{ id: number }> }) => f.houseList)
      .find((r: { id: number }) => r.id === room.id);
    expect(after).toMatchObject({ orientation: '4', orientationName: '北' });

    const [foreign] = await t.database.db
      .select({ id: houseModels.id })
      .from(houseModels)
      .where(sql`${houseModels.projectId} <> ${room.projectId}`)
      .limit(1);
    const refused = await post(
      '/api/admin/rooms/facts',
      { roomIds: [room.id], houseModelId: foreign?.id },
      admin,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('户型不属于该楼盘');
    expect(
      (await post('/api/admin/rooms/facts', { roomIds: [room.id], orientation: '4' }, buyer))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a title promising 南北通透 over a flat facing 南 at publishing', async () => {
    const form = { ...(await newSaleForm(t, buyer)), direction: '2' };
    const refused = await post('/api/listings', form, buyer);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('与所选朝向“南”不一致');
  });

  it('seeds no listing whose title promises a 朝向 it does not have', async () => {
    const seeded = await t.database.db
      .select({ title: secondHandListings.title, direction: secondHandListings.direction })
      .from(secondHandListings);
    expect(seeded.length).toBeGreaterThan(10);
    expect(seeded.filter((row) => titleOrientationConflict(row.title, row.direction))).toEqual([]);
  });
});

describe('周边配套', () => {
  it('answers the points within the radius, nearest first, on the database in use', async () => {
    const at = { lng: 119.6, lat: 39.93 };
    const imported = await post(
      '/api/admin/pois/import',
      {
        format: 'csv',
        text: [
          '类别,名称,经度,纬度,地址,学区',
          `学校,测试近小学,${at.lng + 0.002},${at.lat},海港区测试路,测试学区`,
          `school,测试远中学,${at.lng + 0.01},${at.lat}`,
          `bus,测试公交站,${at.lng},${at.lat + 0.001}`,
          `学校,测试城外学校,${at.lng + 0.2},${at.lat}`,
          `食堂,类别不对,${at.lng},${at.lat}`,
        ].join('\n'),
      },
      admin,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({
      added: 4,
      problems: [{ row: 5, message: '类别不正确' }],
    });

    const near = await get(
      `/api/pois/nearby?lng=${at.lng}&lat=${at.lat}&radius=1500&category=school,bus&perCategory=20`,
    );
    expect(near.statusCode, near.body).toBe(200);
    const list = near.json().data as Array<{
      name: string;
      distanceM: number;
      walkMinutes: number;
      schoolZone: string | null;
    }>;
    const names = list.map((p) => p.name);
    expect(names).toContain('测试近小学');
    expect(names).toContain('测试公交站');
    expect(names).not.toContain('测试城外学校');
    expect(list.every((p) => p.distanceM <= 1500)).toBe(true);
    expect(list.map((p) => p.distanceM)).toEqual(
      [...list.map((p) => p.distanceM)].sort((a, b) => a - b),
    );
    const school = list.find((p) => p.name === '测试近小学');
    // 0.002° of longitude at 39.93° N is about 171 m.
    expect(school?.distanceM).toBeGreaterThan(160);
    expect(school?.distanceM).toBeLessThan(180);
    expect(school?.schoolZone).toBe('测试学区');

    const geo = await post(
      '/api/admin/pois/import',
      {
        format: 'geojson',
        text: JSON.stringify({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [at.lng, at.lat - 0.001] },
              properties: { category: 'park', name: '测试公园' },
            },
          ],
        }),
      },
      admin,
    );
    expect(geo.json().data.added).toBe(1);
    const bad = await post(
      '/api/admin/pois/import',
      { format: 'geojson', text: '不是文件' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('文件内容无法识别');
    expect(
      (await post('/api/admin/pois/import', { format: 'csv', text: 'a' }, buyer)).statusCode,
    ).toBe(403);
    expect((await get('/api/pois/nearby?lng=abc&lat=39.9')).statusCode).toBe(400);
  });

  it('seeds points around every project', async () => {
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(pois)) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(50);
  });
});

describe('小区 pages', () => {
  it("counts exactly the community's published listings and lists a new one", async () => {
    const [community] = await t.database.db
      .select()
      .from(communities)
      .where(eq(communities.districtCode, 'HGQ'))
      .limit(1);
    if (!community) throw new Error('no seeded community');
    const id = await publishedListingIn(community.name, `${community.name} 三室两厅 南北通透`);
    const page = await get(`/api/communities/detail?id=${community.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    const rows = await t.database.db
      .select({ type: secondHandListings.type })
      .from(secondHandListings)
      .where(
        and(
          eq(secondHandListings.districtCode, 'HGQ'),
          eq(secondHandListings.communityName, community.name),
          eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
        ),
      );
    expect(data.saleCount).toBe(rows.filter((r) => r.type === 1).length);
    expect(data.rentCount).toBe(rows.filter((r) => r.type === 2).length);
    expect(data.listings.map((l: { id: number }) => l.id)).toContain(id);
    expect(data.priceHistory.length).toBeGreaterThan(0);
    const link = await get(`/api/communities/of-listing/${id}`);
    expect(link.json().data.community).toEqual({ id: community.id, name: community.name });
    expect(typeof link.json().data.lng).toBe('number');
    expect((await get('/api/communities/detail?id=999999')).statusCode).toBe(404);
  });
});

describe('activity figures', () => {
  it('counts a visitor once a day and never a crawler', async () => {
    const [listing] = await t.database.db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED))
      .limit(1);
    if (!listing) throw new Error('no listing');
    const viewsOf = async () =>
      (await get(`/api/activity?targetType=listing&targetId=${listing.id}`)).json().data
        .views30d as number;
    const before = await viewsOf();
    const visitor = { 'user-agent': BROWSER, 'x-forwarded-for': '10.1.2.3' };
    await get(`/api/listings/${listing.id}`, visitor);
    await get(`/api/listings/${listing.id}`, visitor);
    expect(await viewsOf()).toBe(before + 1);
    await get(`/api/listings/${listing.id}`, {
      'user-agent': 'Mozilla/5.0 (compatible; Baiduspider/2.0)',
    });
    await get(`/api/listings/${listing.id}`, { 'user-agent': 'curl/8.5.0' });
    expect(await viewsOf()).toBe(before + 1);
    const figures = (await get(`/api/activity?targetType=listing&targetId=${listing.id}`)).json()
      .data;
    expect(figures.daysOnMarket).toBeGreaterThanOrEqual(0);
    expect(typeof figures.followers).toBe('number');
    expect(typeof figures.conversations).toBe('number');

    const [project] = await t.database.db
      .execute<{ id: number }>(
        sql`select id from projects where publish_status = 3 order by id limit 1`,
      )
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    const beacon = (ua: string) =>
      post(
        '/api/activity/view',
        { targetType: 'project', targetId: project?.id },
        { 'user-agent': ua },
      );
    expect((await beacon(BROWSER)).json().data.counted).toBe(true);
    expect((await beacon(BROWSER)).json().data.counted).toBe(false);
    expect(
      (await beacon('Googlebot/2.1 (+http://www.google.com/bot.html)')).json().data.counted,
    ).toBe(false);
    const kept = await t.database.db
      .select()
      .from(dailyViews)
      .where(
        and(
          eq(dailyViews.targetType, 'project'),
          eq(dailyViews.targetId, project?.id ?? 0),
          sql`${dailyViews.visitorKey} not like 'seed-%'`,
        ),
      );
    expect(kept).toHaveLength(1);
  });
});

describe('问答', () => {
  it('lets citizens ask, only the owner answer, and operators hide', async () => {
    const listingId = await publishedListingIn('问答测试小区', '问答测试小区 三室两厅 南北通透');
    const asker = await newCitizen(t, '13700000041', '提问的人');
    const stranger = await newCitizen(t, '13700000042');
    expect(
      (
        await post('/api/questions', {
          targetType: 'listing',
          targetId: listingId,
          body: '可以周末看房吗？',
        })
      ).statusCode,
    ).toBe(401);
    const asked = await post(
      '/api/questions',
      { targetType: 'listing', targetId: listingId, body: '可以周末看房吗？' },
      asker.headers,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const qid = asked.json().data.id as number;

    const forbidden = await post(
      `/api/questions/${qid}/answer`,
      { answer: '可以的' },
      stranger.headers,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('只有房源业主或开发企业可以回答该问题');
    const ownerView = (
      await get(`/api/questions?targetType=listing&targetId=${listingId}`, buyer)
    ).json().data;
    expect(ownerView.canAnswer).toBe(true);
    expect(
      (await post(`/api/questions/${qid}/answer`, { answer: '周末都可以' }, buyer)).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/questions/${qid}/answer`, { answer: '再答一次' }, buyer)).statusCode,
    ).toBe(409);
    const shown = (await get(`/api/questions?targetType=listing&targetId=${listingId}`)).json()
      .data;
    expect(shown.canAnswer).toBe(false);
    expect(shown.list[0]).toMatchObject({
      body: '可以周末看房吗？',
      askedBy: '提问的人',
      answer: '周末都可以',
      answeredAs: '业主',
    });
    expect(shown.list[0].answeredAt).toBeTruthy();

    expect((await post('/api/questions/report', { id: qid }, stranger.headers)).statusCode).toBe(
      200,
    );
    const queue = (await get('/api/admin/questions/reported', admin)).json().data;
    expect(queue.map((q: { id: number }) => q.id)).toContain(qid);
    expect(
      (await post(`/api/admin/questions/${qid}/hide`, { reason: '广告' }, buyer)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/admin/questions/${qid}/hide`, { reason: '广告' }, admin)).statusCode,
    ).toBe(200);
    const after = (await get(`/api/questions?targetType=listing&targetId=${listingId}`)).json()
      .data;
    expect(after.list.map((q: { id: number }) => q.id)).not.toContain(qid);

    const [project] = (
      (await t.database.db.execute(
        sql`select id from projects where publish_status = 3 order by id limit 1`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    const onProject = await post(
      '/api/questions',
      { targetType: 'project', targetId: project?.id, body: '车位配比是多少？' },
      asker.headers,
    );
    const pid = onProject.json().data.id as number;
    expect(
      (await post(`/api/questions/${pid}/answer`, { answer: '一比一点二' }, buyer)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/questions/${pid}/answer`, { answer: '约一比一点二' }, admin)).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          '/api/questions',
          { targetType: 'listing', targetId: 999999, body: '这个房子还在吗？' },
          asker.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/questions',
          { targetType: 'listing', targetId: listingId, body: '短' },
          asker.headers,
        )
      ).json().message,
    ).toContain('问题至少 5 个字');
  });
});
