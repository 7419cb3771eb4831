import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { projects, secondHandListings } from '../../db/schema/index';

let t: TestApp;
let projectIds: number[];
let saleIds: number[];
let rentId: number;
let hiddenProjectId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  const published = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.publishStatus, 3))
    .orderBy(asc(projects.id))
    .limit(3);
  projectIds = published.map((p) => p.id);
  // A fourth project taken off the site (已下架) must not be comparable.
  const [toHide] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.publishStatus, 3), notInArray(projects.id, projectIds)))
    .limit(1);
  hiddenProjectId = toHide?.id as number;
  await db.update(projects).set({ publishStatus: 4 }).where(eq(projects.id, hiddenProjectId));
  const listingOf = (type: number) =>
    db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(
        and(
          eq(secondHandListings.type, type),
          eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
        ),
      )
      .orderBy(asc(secondHandListings.id))
      .limit(2);
  saleIds = (await listingOf(1)).map((l) => l.id);
  rentId = (await listingOf(2))[0]?.id as number;
});
afterAll(async () => t.dispose());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/compare${query}` });

describe('compare', () => {
  it('answers the rows of 2–3 projects in the order asked, without a session', async () => {
    expect(projectIds.length).toBe(3);
    const ids = [projectIds[2], projectIds[0], projectIds[1]] as number[];
    const response = await get(`?type=project&ids=${ids.join(',')}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.type).toBe('project');
    expect(data.items.map((item: { id: number }) => item.id)).toEqual(ids);
    expect(data.items.every((item: { kind: string }) => item.kind === 'project')).toBe(true);
    const labels = data.rows.map((row: { label: string }) => row.label);
    for (const label of [
      '平台价',
      '面积区间',
      '户型',
      '区域',
      '开发企业',
      '预售许可证',
      '物业费',
      '绿化率',
      '车位数',
    ])
      expect(labels).toContain(label);
    for (const row of data.rows) expect(row.values).toHaveLength(3);
    const [first] = await t.database.db
      .select({ price: projects.platformPrice })
      .from(projects)
      .where(eq(projects.id, ids[0] as number));
    const price = data.rows.find((row: { key: string }) => row.key === 'platformPrice');
    expect(price.values[0]).toBe(`${(first?.price ?? 0).toLocaleString('en-US')}元/㎡`);
  });

  it('compares sale and rent listings with price, unit price, floor and community', async () => {
    const ids = [saleIds[0], saleIds[1], rentId] as number[];
    const response = await get(`?type=listing&ids=${ids.join(',')}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.items.map((item: { kind: string }) => item.kind)).toEqual(['sale', 'sale', 'rent']);
    const byKey = (key: string) =>
      data.rows.find((row: { key: string }) => row.key === key).values as string[];
    expect(byKey('listingType')).toEqual(['出售', '出售', '出租']);
    expect(byKey('price')[0]).toMatch(/万$/);
    expect(byKey('price')[2]).toMatch(/元\/月$/);
    expect(byKey('unitPrice')[2]).toBe('暂无');
    expect(byKey('floor')[0]).toMatch(/^\d+层\/共\d+层$/);
    for (const key of ['area', 'layout', 'age', 'decoration', 'district', 'community'])
      expect(byKey(key)).toHaveLength(3);
  });

  it.each([
    ['?type=project&ids=1', '请选择 2 至 4 个楼盘或房源进行对比'],
    ['?type=project&ids=1,2,3,4,5', '请选择 2 至 4 个楼盘或房源进行对比'],
    ['?type=project&ids=1,1', '不能重复对比同一个楼盘或房源'],
    ['?type=project&ids=1,abc', '对比编号格式不正确'],
    ['?type=project&ids=1,-2', '对比编号格式不正确'],
    ['?type=project&ids=1,99999999999', '对比编号格式不正确'],
    ['?type=house&ids=1,2', '对比类型只能是楼盘或房源'],
    ['?type=project', '请选择要对比的楼盘或房源'],
  ])('refuses %s with 400 and a Chinese message', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('10001');
    expect(response.json().message).toContain(message);
  });

  it('answers 404 when a project or listing is missing or not public', async () => {
    const missing = await get(`?type=project&ids=${projectIds[0]},2147483000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('所选楼盘不存在或已下架');
    const hidden = await get(`?type=project&ids=${projectIds[0]},${hiddenProjectId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('所选楼盘不存在或已下架');
    const listing = await get(`?type=listing&ids=${saleIds[0]},2147483000`);
    expect(listing.statusCode).toBe(404);
    expect(listing.json().message).toBe('所选房源不存在或已下架');
  });
});
