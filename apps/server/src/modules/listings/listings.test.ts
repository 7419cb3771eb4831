import { beijingYearOf } from '@portal/shared/beijing-time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { secondHandListings } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { bearerFor } from '../news/test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.25 });
});
afterAll(async () => t.dispose());

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/listings?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    list: Array<Record<string, unknown> & { id: number; price: number; publishStatus: number }>;
    total: number;
    pageSize: number;
  };
}

/** Listings search shows: published, not hidden by open reports of three citizens. */
async function countWhere(condition: string): Promise<number> {
  const rows = await selectRows<{ n: string | number }>(
    t.database.db,
    sql.raw(
      `select count(*) as n from second_hand_listings l where publish_status = 3
         and (select count(*) from listing_reports r
              where r.listing_id = l.id and r.status = 'open') < 3
         and ${condition}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

describe('public search of second-hand listings', () => {
  it('lists only published sale listings, 20 per page, with the total of the database', async () => {
    const page = await search('type=1');
    expect(page.pageSize).toBe(20);
    expect(page.list).toHaveLength(20);
    expect(page.list.every((row) => row.publishStatus === 3 && row.type === 1)).toBe(true);
    expect(page.total).toBe(await countWhere('type = 1'));
    const hidden = await selectRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from second_hand_listings where type = 1 and publish_status <> 3`,
    );
    expect(Number(hidden[0]?.n)).toBeGreaterThan(0);
  });

  it('filters by district and total-price band (万 bands in yuan)', async () => {
    const page = await search('type=1&areaCode=HGQ&priceScope=3');
    expect(page.total).toBe(
      await countWhere(
        `type = 1 and district_code = 'HGQ' and price >= 1000000 and price < 1500000`,
      ),
    );
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.list) {
      expect((row.scVO as { areaCode: string }).areaCode).toBe('HGQ');
      expect(row.price).toBeGreaterThanOrEqual(1_000_000);
      expect(row.price).toBeLessThan(1_500_000);
    }
  });

  it('filters rentals by rent band, rent type, pay mode, area band, layout and decoration', async () => {
    const page = await search('type=2&priceScope=2&rentType=1');
    expect(page.total).toBe(
      await countWhere(`type = 2 and price >= 1000 and price < 2000 and rent_type = '1'`),
    );
    const pay = await search('type=2&rentPay=4');
    expect(pay.total).toBe(await countWhere(`type = 2 and rent_pay = '4'`));
    const area = await search('type=1&areaScope=3&bedroom=3&decorates=3');
    expect(area.total).toBe(
      await countWhere(
        `type = 1 and build_area >= 90 and build_area < 144 and bedroom = 3 and decorates = '3'`,
      ),
    );
  });

  it('filters by house age band from the build year', async () => {
    const year = beijingYearOf();
    const page = await search('type=1&ageScope=4');
    expect(page.total).toBe(await countWhere(`type = 1 and age <= ${year - 10}`));
    const middle = await search('type=1&ageScope=3');
    expect(middle.total).toBe(
      await countWhere(`type = 1 and age <= ${year - 5} and age > ${year - 10}`),
    );
  });

  it('sorts sales by unit price and rentals by monthly rent (sort types 2 and 3)', async () => {
    const unitPrices = (page: Awaited<ReturnType<typeof search>>) =>
      page.list.map((row) => row.priceSquareMetre as number);
    const down = unitPrices(await search('type=1&sortType=2'));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const up = unitPrices(await search('type=1&sortType=3'));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const [top] = await selectRows<{ p: string | number }>(
      t.database.db,
      sql`select max(price_per_square_metre) as p from second_hand_listings
          where type = 1 and publish_status = 3`,
    );
    expect(down[0]).toBe(Number(top?.p));
    const byTotal = (await search('type=1&sortType=2')).list.map((row) => row.price);
    expect(byTotal).not.toEqual([...byTotal].sort((a, b) => b - a));
    const rents = (await search('type=2&sortType=2')).list.map((row) => row.price);
    expect(rents).toEqual([...rents].sort((a, b) => b - a));
    const cheapRents = (await search('type=2&sortType=3')).list.map((row) => row.price);
    expect(cheapRents).toEqual([...cheapRents].sort((a, b) => a - b));
  });

  it('finds a keyword of the community name', async () => {
    const [first] = await t.database.db
      .select({ community: secondHandListings.communityName })
      .from(secondHandListings)
      .where(and(eq(secondHandListings.type, 1), eq(secondHandListings.publishStatus, 3)))
      .limit(1);
    const keyword = first?.community ?? '';
    const found = await search(`type=1&keyword=${encodeURIComponent(keyword)}`);
    expect(found.total).toBeGreaterThan(0);
    expect(
      found.list.every((row) =>
        `${row.title}${(row.scVO as { communityName: string }).communityName}${(row.scVO as { address: string }).address}`.includes(
          keyword,
        ),
      ),
    ).toBe(true);
  });

  it('refuses a listing type other than 1 or 2 with a clear message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listings?type=3' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('请选择发布类型');
  });
});

describe('listing detail, publisher, dictionaries and tags', () => {
  it('shows a published listing with pictures, tags, names and the publisher', async () => {
    const [row] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(and(eq(secondHandListings.type, 2), eq(secondHandListings.publishStatus, 3)))
      .limit(1);
    const response = await t.app.inject({ method: 'GET', url: `/api/listings/${row?.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail.title).toBe(row?.title);
    expect(detail.secondHouse.length).toBeGreaterThan(0);
    expect(detail.tagList.length).toBeGreaterThan(0);
    expect(detail.rentPayStr).toMatch(/年付|半年付|押一付一|押一付三/);
    expect(detail.publisher.id).toBe(row?.userId);
    expect(detail.collected).toBe(false);
    const publisher = await t.app.inject({
      method: 'GET',
      url: `/api/listings/${row?.id}/publisher`,
    });
    expect(publisher.json().data.id).toBe(row?.userId);
  });

  it('hides an unpublished listing from visitors but shows it to its owner', async () => {
    const [row] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, 2))
      .limit(1);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/listings/${row?.id}` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().code).toBe('70002');
    const other = await bearerFor(t.database.db, '13800000002');
    const byOther = await t.app.inject({
      method: 'GET',
      url: `/api/listings/${row?.id}`,
      headers: other,
    });
    expect(byOther.statusCode).toBe(404);
  });

  it('serves the dictionaries and the tags of types 6 and 7 from the database', async () => {
    const decorates = await t.app.inject({ method: 'GET', url: '/api/dictionaries/decorates' });
    expect(decorates.json().data).toEqual([
      { id: '1', name: '毛坯' },
      { id: '2', name: '简装' },
      { id: '3', name: '精装' },
      { id: '4', name: '豪装' },
    ]);
    const certificate = await t.app.inject({
      method: 'GET',
      url: '/api/dictionaries/right_certificate_type',
    });
    expect(certificate.json().data.map((d: { name: string }) => d.name)).toEqual([
      '房屋所有权证',
      '不动产权证书',
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/dictionaries/nothing' });
    expect(unknown.statusCode).toBe(400);
    const sale = await t.app.inject({ method: 'GET', url: '/api/tags?tagType=6' });
    expect(sale.json().data.map((tag: { tagName: string }) => tag.tagName)).toContain('满五唯一');
    const rent = await t.app.inject({ method: 'GET', url: '/api/tags?tagType=7' });
    expect(rent.json().data.map((tag: { tagName: string }) => tag.tagName)).toContain('拎包入住');
  });

  it('lets a signed-in visitor favourite a published listing (收藏 / 取消收藏)', async () => {
    const headers = await bearerFor(t.database.db, '13800000002');
    const [row] = await t.database.db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, 3))
      .limit(1);
    const toggle = (collected: boolean, businessId = row?.id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/favourites/toggle',
        headers,
        payload: { businessId, businessType: 'LISTING', collected },
      });
    expect((await toggle(true)).json().message).toBe('收藏成功');
    const detail = await t.app.inject({ method: 'GET', url: `/api/listings/${row?.id}`, headers });
    expect(detail.json().data.collected).toBe(true);
    expect((await toggle(false)).json().message).toBe('取消收藏');
    const after = await t.app.inject({ method: 'GET', url: `/api/listings/${row?.id}`, headers });
    expect(after.json().data.collected).toBe(false);
    const [pending] = await t.database.db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, 2))
      .limit(1);
    expect((await toggle(true, pending?.id)).statusCode).toBe(404);
  });
});
