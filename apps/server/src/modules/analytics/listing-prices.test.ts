import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { districts, secondHandListings, users } from '../../db/schema/index';
import { markPriceChange } from '../price-history/index';
import { selectListingPriceTrend, trendMonths } from './listing-prices.queries';

let t: TestApp;
/** Mid-June 2026 in Beijing: the trend runs from 2025-07 to 2026-06. */
const NOW = new Date('2026-06-15T04:00:00Z');

type Listing = typeof secondHandListings.$inferInsert;

/** A listing of the small known market; the fields the trend ignores are fixed. */
function listing(userId: number, values: Partial<Listing>): Listing {
  return {
    type: 1,
    userId,
    districtCode: 'HGQ',
    communityName: '小区甲',
    address: '海港区文化路1号',
    buildNum: '1',
    cellNum: '1',
    houseNum: '101',
    bedroom: 2,
    room: 1,
    toilet: 1,
    buildArea: 100,
    floorNum: 3,
    totalFloor: 6,
    direction: '9',
    decorates: '3',
    elevator: '1',
    price: 1_000_000,
    title: '已知数据集里的一套出售房源',
    description: '用于核对月均价的房源。',
    publishStatus: 3,
    ...values,
  };
}

/** Changes a listing's price at a past instant, recorded as the seed would. */
async function reprice(id: number, price: number, at: string) {
  await t.database.db.transaction(async (tx) => {
    await markPriceChange(tx, 'seed', new Date(at));
    await tx.update(secondHandListings).set({ price }).where(eq(secondHandListings.id, id));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.insert(districts).values([
    { code: 'HGQ', name: '海港区', centerLng: 119.6, centerLat: 39.93, sort: 1 },
    { code: 'BDH', name: '北戴河区', centerLng: 119.48, centerLat: 39.83, sort: 2 },
  ]);
  const [owner] = await db.insert(users).values({ phone: '13700000000' }).returning();
  const at = (iso: string) => new Date(iso);
  const rows = await db
    .insert(secondHandListings)
    .values([
      // A: 10,000 元/㎡ from March, 9,000 from 20 May.
      listing(owner!.id, { publishTime: at('2026-03-10T02:00:00Z') }),
      // B: 12,000 元/㎡ from April, never repriced.
      listing(owner!.id, {
        communityName: '小区乙',
        buildArea: 50,
        price: 600_000,
        publishTime: at('2026-04-05T02:00:00Z'),
      }),
      // C: 10,000 元/㎡ in 北戴河区 from February, sold (已成交) in April.
      listing(owner!.id, {
        districtCode: 'BDH',
        communityName: '小区丙',
        buildArea: 80,
        price: 800_000,
        publishStatus: 8,
        publishTime: at('2026-02-01T02:00:00Z'),
        updatedAt: at('2026-04-15T02:00:00Z'),
      }),
      // D: a rental, E: a sale waiting for review: neither counts.
      listing(owner!.id, { type: 2, price: 3000, publishTime: at('2026-03-01T02:00:00Z') }),
      listing(owner!.id, { publishStatus: 2, price: 5_000_000, publishTime: null }),
      // F: 11,000 元/㎡ from May, 10,500 from 10 June.
      listing(owner!.id, { price: 1_100_000, publishTime: at('2026-05-01T02:00:00Z') }),
    ])
    .returning({ id: secondHandListings.id });
  await reprice(rows[0]!.id, 900_000, '2026-05-20T02:00:00Z');
  await reprice(rows[5]!.id, 1_050_000, '2026-06-10T02:00:00Z');
});
afterAll(async () => t?.dispose());

describe('monthly average second-hand sale prices', () => {
  it('names twelve Beijing months ending with the current one', () => {
    const months = trendMonths(NOW);
    expect(months.map((m) => m.label)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(months[11]!.start.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(trendMonths(new Date('2026-06-30T16:30:00Z'))[11]!.label).toBe('2026-07');
  });

  it('averages the price in force at each month end, per city, district and community', async () => {
    const trend = await selectListingPriceTrend(t.database.db, NOW);
    const last6 = (values: Array<number | null>) => values.slice(6);
    expect(trend.asOf).toBe(NOW.toISOString());
    // Jan, Feb, Mar, Apr, May, Jun.
    expect(last6(trend.city.averages)).toEqual([null, 10000, 10000, 10667, 10667, 10500]);
    expect(trend.city.averages.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(trend.city.listingCount).toBe(3);
    expect(trend.districts.map((d) => d.name)).toEqual(['海港区', '北戴河区']);
    expect(last6(trend.districts[0]!.averages)).toEqual([null, null, 10000, 11000, 10667, 10500]);
    expect(last6(trend.districts[1]!.averages)).toEqual([null, 10000, 10000, 10000, null, null]);
    expect(trend.communities.map((c) => [c.name, c.district, c.listingCount])).toEqual([
      ['小区甲', '海港区', 2],
      ['小区乙', '海港区', 1],
      ['小区丙', '北戴河区', 0],
    ]);
    expect(last6(trend.communities[0]!.averages)).toEqual([null, null, 10000, 10000, 10000, 9750]);
  });

  it('limits the communities to one district on request, and refuses an unknown district', async () => {
    const trend = await selectListingPriceTrend(t.database.db, NOW, 'BDH');
    expect(trend.communities.map((c) => c.name)).toEqual(['小区丙']);
    expect(trend.districts).toHaveLength(2);

    const answer = await t.app.inject({ url: '/api/analytics/listing-prices?areaCode=BDH' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.months).toHaveLength(12);
    expect(answer.json().data.communities[0].name).toBe('小区丙');
    const bad = await t.app.inject({ url: '/api/analytics/listing-prices?areaCode=XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('10001');
  });
});
