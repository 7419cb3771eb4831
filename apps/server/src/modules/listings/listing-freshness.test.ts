import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  listingCheckCodes,
  listingVerifications,
  notices,
  secondHandListings,
} from '../../db/schema/index';
import type { SmsGateway, SmsNotice } from '../../integrations/sms/sms-gateway';
import { bearerFor } from '../news/test-helpers';
import { sweepListingFreshness } from './listing-freshness.service';
import { newCitizen, saleListing } from './listings-test-helpers';

type Headers = { authorization: string };
const DAY_MS = 86_400_000;
let t: TestApp;
let owner: Headers;
let admin: Headers;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  owner = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
  ownerId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner })).json().data
    .userId;
});
afterAll(async () => t.dispose());

/** A gateway that records every notice SMS, or refuses them all. */
function recordingSms(refuse = false) {
  const sent: Array<{ phone: string; notice: SmsNotice }> = [];
  const gateway: SmsGateway = {
    name: '测试短信',
    sendCode: async () => undefined,
    sendNotice: async (phone, notice) => {
      if (refuse) throw new Error('provider refused');
      sent.push({ phone, notice });
    },
  };
  return { gateway, sent };
}

/** Every published listing confirmed `daysAgo` days ago, the one under test aside. */
async function ageListing(id: number, daysAgo: number, now: Date) {
  await t.database.db
    .update(secondHandListings)
    .set({ confirmedAt: new Date(now.getTime() - daysAgo * DAY_MS), confirmRequestedAt: null })
    .where(eq(secondHandListings.id, id));
}

async function rowOf(id: number) {
  const [row] = await t.database.db
    .select()
    .from(secondHandListings)
    .where(eq(secondHandListings.id, id));
  return row;
}

const inSearch = async (title: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/listings?type=1&keyword=${encodeURIComponent(title)}`,
    })
  )
    .json()
    .data.list.some((l: { title: string }) => l.title === title);

const sweep = (gateway: SmsGateway, now: Date) =>
  sweepListingFreshness(t.database.db, gateway, now, () => undefined);

describe('freshness: confirm every 30 days or leave search after 7 more', () => {
  it('asks once (notice and SMS), hides without an answer, and comes back on 确认在售', async () => {
    const title = '新鲜度小区 两室一厅 南北通透';
    const { id } = await saleListing(t, owner, admin, title);
    // Far in the future every seeded listing is due too; the test follows its own listing.
    const now = new Date(Date.now() + 400 * DAY_MS);
    await ageListing(id, 29, now);
    const sms = recordingSms();
    await sweep(sms.gateway, now);
    expect((await rowOf(id))?.confirmRequestedAt).toBeNull();

    await ageListing(id, 30, now);
    const [first, second] = await Promise.all([sweep(sms.gateway, now), sweep(sms.gateway, now)]);
    expect((first?.asked ?? 0) + (second?.asked ?? 0)).toBeGreaterThan(0);
    const mineSms = sms.sent.filter((s) => s.notice.params.title === title);
    expect(mineSms).toEqual([
      { phone: '13800000001', notice: { template: 'LISTING_CONFIRM', params: { title } } },
    ]);
    const asked = await t.database.db
      .select()
      .from(notices)
      .where(eq(notices.userId, ownerId))
      .orderBy(desc(notices.id));
    expect(asked.filter((n) => n.bizId === id && n.content.includes('请在7天内'))).toHaveLength(1);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/listings/mine?type=1&pageSize=50',
      headers: owner,
    });
    const row = mine.json().data.list.find((l: { id: number }) => l.id === id);
    expect(Date.parse(row.confirmDeadline)).toBe(now.getTime() + 7 * DAY_MS);

    // Six days on nothing changes; after seven the listing leaves search.
    await sweep(sms.gateway, new Date(now.getTime() + 6 * DAY_MS));
    expect((await rowOf(id))?.publishStatus).toBe(LISTING_STATUS.PUBLISHED);
    await sweep(sms.gateway, new Date(now.getTime() + 7 * DAY_MS));
    expect((await rowOf(id))?.publishStatus).toBe(LISTING_STATUS.UNCONFIRMED);
    expect(await inSearch(title)).toBe(false);
    expect(mineSms).toHaveLength(1);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/confirm`,
      headers: owner,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await rowOf(id);
    expect(after).toMatchObject({
      publishStatus: LISTING_STATUS.PUBLISHED,
      confirmRequestedAt: null,
    });
    expect(Date.now() - (after?.confirmedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(await inSearch(title)).toBe(true);
    const detail = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(detail.json().data.confirmedAt).toBe(after?.confirmedAt?.toISOString());
  });

  it('comes back on 确认在售 only with a valid check code (70008 without a passing verification)', async () => {
    const { id, form } = await saleListing(t, owner, admin, '核验码确认小区 两室一厅 南北通透');
    const setVerification = (checkStatus: number) =>
      t.database.db
        .update(listingVerifications)
        .set({ checkStatus })
        .where(eq(listingVerifications.id, form.checkId));
    const validCodes = () =>
      t.database.db
        .select({ code: listingCheckCodes.code })
        .from(listingCheckCodes)
        .where(and(eq(listingCheckCodes.listingId, id), isNull(listingCheckCodes.revokedAt)));
    const confirm = () =>
      t.app.inject({ method: 'POST', url: `/api/listings/${id}/confirm`, headers: owner });
    const [before] = await validCodes();
    await t.database.db
      .update(secondHandListings)
      .set({ publishStatus: LISTING_STATUS.UNCONFIRMED })
      .where(eq(secondHandListings.id, id));

    await setVerification(3);
    const refused = await confirm();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('70008');
    expect((await rowOf(id))?.publishStatus).toBe(LISTING_STATUS.UNCONFIRMED);

    // With the verification passing again it is public, on the code it held.
    await setVerification(2);
    expect((await confirm()).statusCode).toBe(200);
    expect((await rowOf(id))?.publishStatus).toBe(LISTING_STATUS.PUBLISHED);
    expect(await validCodes()).toEqual([before]);
  });

  it('still writes the notice when the SMS gateway refuses', async () => {
    const { id } = await saleListing(t, owner, admin, '短信失败小区 两室一厅 南北通透');
    const now = new Date(Date.now() + 800 * DAY_MS);
    await ageListing(id, 31, now);
    const result = await sweep(recordingSms(true).gateway, now);
    expect(result.smsFailed).toBeGreaterThan(0);
    expect((await rowOf(id))?.confirmRequestedAt).toEqual(now);
  });
});

describe('followers of a listing are told', () => {
  it('of a price change, a sale and a withdrawal', async () => {
    const follower = await newCitizen(t, '13733330001');
    const follow = async (id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/favourites/toggle',
        headers: follower.headers,
        payload: { businessId: id, businessType: 'LISTING', collected: true },
      });
    const latest = async () =>
      (
        await t.database.db
          .select()
          .from(notices)
          .where(eq(notices.userId, follower.id))
          .orderBy(desc(notices.id))
          .limit(1)
      )[0];

    const { id } = await saleListing(t, owner, admin, '收藏通知小区 两室一厅 南北通透');
    expect((await follow(id)).statusCode).toBe(200);
    const repriced = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/price`,
      headers: owner,
      payload: { price: 1_250_000 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await latest()).toMatchObject({
      bizType: 'second_house',
      bizId: id,
      content: '您收藏的房源「收藏通知小区 两室一厅 南北通透」价格由128万元调整为125万元。',
    });
    expect((await rowOf(id))?.pricePerSquareMetre).toBe(Math.round(1_250_000 / 96.5));
    const same = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/price`,
      headers: owner,
      payload: { price: 1_250_000 },
    });
    expect(same.json().message).toBe('新价格与当前价格相同');

    await t.app.inject({ method: 'POST', url: `/api/listings/${id}/close`, headers: owner });
    expect((await latest())?.content).toBe(
      '您收藏的房源「收藏通知小区 两室一厅 南北通透」已售出。',
    );

    const { id: other } = await saleListing(t, owner, admin, '撤回通知小区 两室一厅 南北通透');
    await follow(other);
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${other}/audit`,
      headers: owner,
      payload: { operation: 4 },
    });
    expect((await latest())?.content).toBe(
      '您收藏的房源「撤回通知小区 两室一厅 南北通透」已被房东撤回。',
    );

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/favourites/listings',
      headers: follower.headers,
    });
    expect(list.json().data.list.map((l: { stateText: string }) => l.stateText)).toEqual([
      '已撤回',
      '已成交',
    ]);
  });
});

describe('followers of a listing, further', () => {
  it('are told of a new price in an edit, and keep the row of a listing taken down', async () => {
    const follower = await newCitizen(t, '13733330002');
    const toggle = (id: number, collected = true) =>
      t.app.inject({
        method: 'POST',
        url: '/api/favourites/toggle',
        headers: follower.headers,
        payload: { businessId: id, businessType: 'LISTING', collected },
      });
    const notices_ = async () =>
      t.database.db
        .select()
        .from(notices)
        .where(eq(notices.userId, follower.id))
        .orderBy(desc(notices.id));

    // Only a public listing can be followed.
    const { id: pending } = await saleListing(t, owner);
    const refused = await toggle(pending);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('房源不存在');

    const title = '编辑调价小区 两室一厅 南北通透';
    const { id, form } = await saleListing(t, owner, admin, title);
    expect((await toggle(id)).statusCode).toBe(200);
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/listings/${id}`, headers: owner, payload });

    // An edit that keeps the price tells nobody; one with a new price tells the follower.
    expect((await edit({ ...form, description: '重新装修，拎包入住。' })).statusCode).toBe(200);
    expect(await notices_()).toHaveLength(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-review/${id}/approve`,
      headers: admin,
    });
    const edited = await edit({ ...form, price: 1_200_000 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await rowOf(id))?.publishStatus).toBe(LISTING_STATUS.PENDING);
    const [priced] = await notices_();
    expect(priced).toMatchObject({
      bizType: 'second_house',
      bizId: id,
      content: `您收藏的房源「${title}」价格由128万元调整为120万元，修改后的房源正在重新审核。`,
    });
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/favourites/listings',
          headers: follower.headers,
        })
      ).json().data.list as Array<{ id: number; stateText: string; isOnSale: boolean }>;
    // Under review again: paused, not on sale.
    expect((await list()).find((l) => l.id === id)).toMatchObject({
      stateText: '暂停展示',
      isOnSale: false,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-review/${id}/approve`,
      headers: admin,
    });
    expect((await list()).find((l) => l.id === id)).toMatchObject({
      stateText: '在售',
      isOnSale: true,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${id}/take-down`,
      headers: admin,
      payload: { reason: '房源信息不实' },
    });
    expect((await notices_())[0]?.content).toBe(`您收藏的房源「${title}」已下架。`);
    expect((await list()).find((l) => l.id === id)).toMatchObject({ stateText: '已下架' });
    expect((await toggle(id, false)).statusCode).toBe(200);
    expect((await list()).some((l) => l.id === id)).toBe(false);
  });
});
