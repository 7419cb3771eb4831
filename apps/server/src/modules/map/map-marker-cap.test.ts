import { MAP_MARKER_LIMIT } from '@portal/shared/schemas/map';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { districts } from '../../db/schema/index';

/**
 * A dense corner of the city: more than MAP_MARKER_LIMIT popular projects in one 0.05° grid
 * cell, and three little-watched projects in a small visible box of the same cell.
 */
let t: TestApp;
const CROWD = MAP_MARKER_LIMIT + 100;
const VISIBLE_BOX = [119.402, 39.912, 119.408, 39.918];
const CROWD_BOX = [119.43, 39.93, 119.45, 39.95];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db
    .insert(districts)
    .values({ code: 'HGQ', name: '海港区', centerLng: 119.6, centerLat: 39.94 });
  await db.execute(sql`
    insert into projects (publish_name, project_name, district_code, project_address, lng, lat,
      platform_price, current_price, publish_status, collect_number)
    select '热门楼盘' || g, '热门楼盘' || g, 'HGQ', '海港区测试路', 119.44 + g * 0.000001,
      39.94, 12000, 12000, 3, 100000 + g
    from generate_series(1, ${CROWD}) g`);
  await db.execute(sql`
    insert into projects (publish_name, project_name, district_code, project_address, lng, lat,
      platform_price, current_price, publish_status, collect_number)
    select '冷门楼盘' || g, '冷门楼盘' || g, 'HGQ', '海港区测试路', 119.404 + g * 0.001,
      39.915, 9000, 9000, 3, 0
    from generate_series(0, 2) g`);
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

interface MarkerPage {
  list: Array<{ id: number; name: string; lng: number; lat: number }>;
  truncated: boolean;
}

const markers = async (box: number[]): Promise<MarkerPage> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/map/markers?bbox=${box.join(',')}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as MarkerPage;
};

describe('viewport marker cap', () => {
  it('keeps every visible project when its grid cell holds more than the cap', async () => {
    const page = await markers(VISIBLE_BOX);
    expect(page.truncated).toBe(false);
    expect(page.list.map((m) => m.name).sort()).toEqual(['冷门楼盘0', '冷门楼盘1', '冷门楼盘2']);
  });

  it('caps a crowded visible box at the limit, most watched first, and says so', async () => {
    const page = await markers(CROWD_BOX);
    expect(page.truncated).toBe(true);
    expect(page.list).toHaveLength(MAP_MARKER_LIMIT);
    expect(page.list[0]?.name).toBe(`热门楼盘${CROWD}`);
    expect(page.list.every((m) => m.name.startsWith('热门楼盘'))).toBe(true);
  });

  it('answers a box of the same cell holding exactly the visible projects', async () => {
    const page = await markers([119.4, 39.9, 119.45, 39.95]);
    expect(page.truncated).toBe(true);
    const small = await markers([119.4035, 39.914, 119.4045, 39.916]);
    expect(small).toEqual({
      list: [expect.objectContaining({ name: '冷门楼盘0' })],
      truncated: false,
    });
  });
});
