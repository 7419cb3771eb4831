import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { MAP_LISTING_MARKER_LIMIT } from '@portal/shared/schemas/map';
import { and, between, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { projects, secondHandListings as L } from '../../db/schema/index';
import { notHiddenByReports } from '../listings/index';

/** The map that follows the view (docs/decisions/0056-map-follows-the-view.md). */
let t: TestApp;

/** The whole city and more; the open Bohai Sea south-east of it; a corner kept for the cap. */
const CITY = '118.5,39.3,120.0,40.7';
const SEA = '120.2,39.0,120.6,39.3';
const CROWD_BOX = [121.0, 38.0, 121.02, 38.02];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.3 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const data = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Public: published and not hidden by reports (docs/product/listings.md), with a position. */
const publicListings = (type: 1 | 2) =>
  and(
    eq(L.type, type),
    eq(L.publishStatus, LISTING_STATUS.PUBLISHED),
    isNotNull(L.lat),
    notHiddenByReports(),
  );

describe('projects of the visible area', () => {
  it('count nothing in an empty area: 0 clusters, 0 projects', async () => {
    expect(await data(`/api/map/view/clusters?bbox=${SEA}`)).toEqual({ list: [], total: 0 });
    const page = await data(`/api/map/view/projects?bbox=${SEA}`);
    expect(page).toMatchObject({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  });

  it('count the whole city like the unbounded list and a part of it like SQL', async () => {
    const all = await data('/api/map/projects');
    const city = await data(`/api/map/view/projects?bbox=${CITY}`);
    expect(city.total).toBe(all.total);
    expect((await data(`/api/map/view/clusters?bbox=${CITY}`)).total).toBe(all.total);

    const box = [119.5, 39.85, 119.65, 39.95] as const;
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(projects)
      .where(
        and(
          eq(projects.publishStatus, 3),
          between(projects.lng, box[0], box[2]),
          between(projects.lat, box[1], box[3]),
        ),
      );
    const part = await data(`/api/map/view/projects?bbox=${box.join(',')}`);
    expect(part.total).toBe(expected?.n);
    expect(part.total).toBeLessThan(all.total);
    expect(part.list.length).toBe(Math.min(10, part.total));
    const clusters = await data(`/api/map/view/clusters?bbox=${box.join(',')}`);
    expect(clusters.total).toBe(expected?.n);
  });

  it('keep the filters: a district outside the box counts nothing', async () => {
    // 青龙 lies far north of this box in 海港区.
    const page = await data('/api/map/view/projects?bbox=119.58,39.9,119.62,39.95&areaCode=QL');
    expect(page.total).toBe(0);
  });
});

describe('the second-hand layer', () => {
  it('shows every public sale listing of the city, and rentals apart', async () => {
    for (const type of [1, 2] as const) {
      const [expected] = await t.database.db
        .select({ n: count() })
        .from(L)
        .where(publicListings(type));
      expect(expected?.n).toBeGreaterThan(0);
      const markers = await data(`/api/map/listings/markers?type=${type}&bbox=${CITY}`);
      expect(markers.truncated).toBe(false);
      expect(markers.list).toHaveLength(expected?.n ?? -1);
      expect(markers.list.every((m: { type: number }) => m.type === type)).toBe(true);
      const page = await data(`/api/map/listings?type=${type}&bbox=${CITY}`);
      expect(page.total).toBe(expected?.n);
      expect(page.list).toHaveLength(10);
      expect((await data(`/api/map/listings/clusters?type=${type}&bbox=${CITY}`)).total).toBe(
        expected?.n,
      );
    }
  });

  it('shows only public listings: not a withdrawn one', async () => {
    const [one, two] = await t.database.db
      .select({ id: L.id, lng: L.lng, lat: L.lat })
      .from(L)
      .where(publicListings(1))
      .limit(2);
    if (!one || !two) throw new Error('seed has no public sale listings');
    const ids = async () =>
      (
        (await data(`/api/map/listings/markers?type=1&bbox=${CITY}`)).list as Array<{ id: number }>
      ).map((m) => m.id);
    expect(await ids()).toEqual(expect.arrayContaining([one.id, two.id]));
    await t.database.db
      .update(L)
      .set({ publishStatus: LISTING_STATUS.WITHDRAWN })
      .where(eq(L.id, one.id));
    expect(await ids()).not.toContain(one.id);
    const box = `${(one.lng ?? 0) - 0.001},${(one.lat ?? 0) - 0.001},${(one.lng ?? 0) + 0.001},${(one.lat ?? 0) + 0.001}`;
    const page = await data(`/api/map/listings?type=1&bbox=${box}`);
    expect(page.list.map((c: { id: number }) => c.id)).not.toContain(one.id);
  });

  it('is empty in an empty area', async () => {
    expect(await data(`/api/map/listings/markers?type=1&bbox=${SEA}`)).toEqual({
      list: [],
      truncated: false,
    });
    expect((await data(`/api/map/listings?type=2&bbox=${SEA}`)).total).toBe(0);
  });

  it('caps the markers of a crowded box and says so; the count stays exact', async () => {
    const [source] = await t.database.db
      .select({ id: L.id })
      .from(L)
      .where(publicListings(1))
      .limit(1);
    const crowd = MAP_LISTING_MARKER_LIMIT + 20;
    await t.database.db.execute(sql`
      insert into second_hand_listings (type, user_id, district_code, community_name, address,
        build_num, cell_num, house_num, bedroom, room, toilet, build_area, floor_num, total_floor,
        direction, decorates, elevator, price, title, description, publish_status, publish_time,
        lng, lat)
      select type, user_id, district_code, '海边小区' || g, address, build_num, cell_num,
        house_num, bedroom, room, toilet, build_area, floor_num, total_floor, direction,
        decorates, elevator, price, title, description, publish_status, now(),
        ${CROWD_BOX[0]! + 0.01} + g * 0.000001, ${CROWD_BOX[1]! + 0.01}
      from second_hand_listings, generate_series(1, ${crowd}) g where id = ${source?.id}`);
    const markers = await data(`/api/map/listings/markers?type=1&bbox=${CROWD_BOX.join(',')}`);
    expect(markers.truncated).toBe(true);
    expect(markers.list).toHaveLength(MAP_LISTING_MARKER_LIMIT);
    const page = await data(`/api/map/listings?type=1&bbox=${CROWD_BOX.join(',')}&pageNum=3`);
    expect(page.total).toBe(crowd);
    expect(page.list).toHaveLength(10);
  });
});

describe('bad boxes', () => {
  const BAD = [
    '',
    'a,b,c,d',
    '119,39,120',
    '120,39,119,40', // corners out of order
    '119,91,120,92', // latitude out of range
    '110,30,120,40', // wider than 5°
    '119,39,120,40,1',
  ];
  const ROUTES = [
    '/api/map/view/clusters',
    '/api/map/view/projects',
    '/api/map/listings/clusters',
    '/api/map/listings/markers',
    '/api/map/listings',
  ];

  it('answer 400 with code 80001 and a Chinese message on every route', async () => {
    for (const route of ROUTES) {
      for (const bbox of BAD) {
        const res = await get(`${route}?bbox=${encodeURIComponent(bbox)}`);
        expect(res.statusCode, `${route} ${bbox}`).toBe(400);
        const body = res.json();
        expect(body.code).toBe('80001');
        expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
      }
      const missing = await get(route);
      expect(missing.statusCode).toBe(400);
      expect(JSON.stringify(missing.json())).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('refuse a wrong listing type or page with a Chinese message', async () => {
    for (const url of [
      `/api/map/listings?type=3&bbox=${CITY}`,
      `/api/map/listings/markers?type=x&bbox=${CITY}`,
      `/api/map/listings?type=1&pageNum=0&bbox=${CITY}`,
      `/api/map/view/projects?pageNum=100001&bbox=${CITY}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
