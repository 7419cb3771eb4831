import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildApp } from '../../app';
import {
  buildings,
  licences,
  notices,
  projects,
  rooms,
  secondHandListings,
  subscriptionDeliveries,
  subscriptionEvents,
  subscriptions,
  users,
} from '../../db/schema/index';
import type { SmsGateway, SmsNotice } from '../../integrations/sms/sms-gateway';
import { bearerFor } from '../news/test-helpers';
import { runSubscriptionDelivery, subscriptionSms } from './delivery.service';
import { unsubscribeToken } from './unsubscribe-token';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let other: Headers;
let admin: Headers;
let buyerId: number;
let projectId: number;
let buildingId: number;

/** A counting SMS gateway: what each phone received. */
function recordingSms() {
  const sent: Array<{ phone: string; notice: SmsNotice }> = [];
  const gateway: SmsGateway = {
    name: '测试短信',
    sendCode: async () => undefined,
    sendNotice: async (phone, notice) => {
      sent.push({ phone, notice });
    },
  };
  return { sent, gateway };
}

let sms = recordingSms();
const run = (at: string, db = t.database.db) =>
  runSubscriptionDelivery(db, new Date(at), {
    sms: sms.gateway,
    publicOrigin: 'https://fang.example.cn',
  });

/** Beijing 10:00 of a day of 2026-11 (UTC 02:00). */
const daytime = (day: number, minute = 0) =>
  `2026-11-${String(day).padStart(2, '0')}T02:${String(minute).padStart(2, '0')}:00Z`;

async function subscribe(headers: Headers, id: number, topics: string[]) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/subscriptions/project-topics',
    headers,
    payload: { projectId: id, topics },
  });
}

async function noticesOf(userId: number) {
  return t.database.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.bizType, 'project')))
    .orderBy(asc(notices.id));
}

async function clearDeliveries() {
  await t.database.db.delete(subscriptionDeliveries);
  await t.database.db.delete(subscriptionEvents);
  await t.database.db.delete(notices).where(eq(notices.bizType, 'project'));
  sms = recordingSms();
}

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  other = await bearerFor(t.database.db, '13800000002');
  admin = await bearerFor(t.database.db, '13900000000');
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, '13800000001'));
  buyerId = user!.id;
  // A published project with a licensed building that has green rooms.
  const [row] = await t.database.db
    .select({ projectId: rooms.projectId, buildingId: rooms.buildingId })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(
      and(
        eq(projects.publishStatus, 3),
        eq(rooms.saleStatus, 'green'),
        isNotNull(buildings.licenceId),
      ),
    )
    .limit(1);
  projectId = row!.projectId;
  buildingId = row!.buildingId;
});
afterAll(async () => t?.dispose());

describe('subscribing and unsubscribing', () => {
  it('needs a session, sets exactly the chosen topics and lists them on /mySubscriptions', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/subscriptions/project-topics',
      payload: { projectId, topics: ['price'] },
    });
    expect(anonymous.statusCode).toBe(401);

    const set = await subscribe(buyer, projectId, ['price', 'opening']);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.topics).toEqual(['opening', 'price']);
    const state = await t.app.inject({
      url: `/api/subscriptions/project-topics?projectId=${projectId}`,
      headers: buyer,
    });
    expect(state.json().data.topics).toEqual(['opening', 'price']);

    const narrowed = await subscribe(buyer, projectId, ['licence']);
    expect(narrowed.json().data.topics).toEqual(['licence']);

    const list = await t.app.inject({ url: '/api/subscriptions', headers: buyer });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.list).toHaveLength(1);
    expect(list.json().data.list[0]).toMatchObject({ topic: 'licence', projectId });
    expect(list.json().data.list[0].title).toBeTruthy();
  });

  it('refuses bad topics and unknown projects with Chinese messages; no topic cancels them all', async () => {
    const bad = await subscribe(buyer, projectId, ['weather']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('订阅类型不正确');
    const badId = await subscribe(buyer, -3, ['price']);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('楼盘编号不正确');
    await subscribe(buyer, projectId, ['price']);
    const empty = await subscribe(buyer, projectId, []);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.topics).toEqual([]);
    await subscribe(buyer, projectId, ['licence']);
    const missing = await subscribe(buyer, 99_999_999, ['price']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('楼盘不存在或已下架');
  });

  it("lets nobody cancel another user's subscription, and the owner cancel their own", async () => {
    const [own] = (await t.app.inject({ url: '/api/subscriptions', headers: buyer })).json().data
      .list;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/${own.id}`,
      headers: other,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/subscriptions/${own.id}` });
    expect(anonymous.statusCode).toBe(401);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/${own.id}`,
      headers: buyer,
    });
    expect(mine.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/subscriptions', headers: buyer });
    expect(list.json().data.list).toHaveLength(0);
  });

  it('unsubscribes from a signed SMS link without a session, and refuses a forged one', async () => {
    await subscribe(buyer, projectId, ['price']);
    const [sub] = await t.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, buyerId));
    const token = unsubscribeToken(t.config.identityKey, sub!.id);
    const forged = `${sub!.id}.${'A'.repeat(22)}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?t=${forged}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('退订链接无效');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?t=${token}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.topic).toBe('变价通知');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/unsubscribe?t=${token}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('该订阅已取消');
  });
});

describe('the subscription SMS', () => {
  it('holds two variables of at most 35 characters, long titles shortened, and no link', () => {
    const long = '海港区山海关路与秦皇东大街交叉口东北角海韵华庭二期高层住宅项目南区一号院';
    const { params, text } = subscriptionSms(
      `【变价通知】您订阅的楼盘「${long}」3号楼有房源单价由12000元/㎡调整为12600元/㎡，请及时关注最新价格变化。`,
      'https://fang.example.cn',
    );
    expect(Array.from(params.title)).toHaveLength(35);
    expect(params.title.endsWith('…')).toBe(true);
    expect(long.startsWith(params.title.slice(0, -1))).toBe(true);
    expect(Array.from(params.detail).length).toBeLessThanOrEqual(35);
    expect(params.detail.startsWith('变价通知：3号楼有房源单价')).toBe(true);
    expect(text).toContain('fang.example.cn/mySubscriptions（我的订阅）');
    const search = subscriptionSms(
      '【搜索订阅】您订阅的搜索「新房·海港区·关键词“http://evil.example.com/x 海景”」有新楼盘：海韵华庭。',
      'https://fang.example.cn',
    );
    expect(search.params.title).not.toMatch(/http|evil|example/);
    expect(search.params.detail).toBe('搜索订阅：有新楼盘：海韵华庭');
  });
});

describe('project triggers', () => {
  it('变价通知: a room repriced by 5 % in the console tells the subscriber once, with notice and SMS', async () => {
    await clearDeliveries();
    await subscribe(buyer, projectId, ['price']);
    const [room] = await t.database.db
      .select({ id: rooms.id, price: rooms.currentPrice })
      .from(rooms)
      .where(and(eq(rooms.buildingId, buildingId), eq(rooms.saleStatus, 'green')))
      .limit(1);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/rooms/${room!.id}/price`,
      headers: admin,
      payload: { currentPrice: Math.round(room!.price * 1.05) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await run(daytime(2));
    expect(result.told).toBe(1);
    expect(result.sms).toBe(1);
    const told = await noticesOf(buyerId);
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('变价通知');
    expect(told[0]!.bizId).toBe(projectId);
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]!.phone).toBe('13800000001');
    // Two short variables and no link: unsubscribing is in 我的订阅, which the template names.
    const params = sms.sent[0]!.notice.params as Record<string, string>;
    expect(Object.keys(params)).toEqual(['title', 'detail']);
    expect(params.detail).toMatch(/^变价通知：/);
    for (const value of Object.values(params)) {
      expect(Array.from(value).length).toBeLessThanOrEqual(35);
      expect(value).not.toMatch(/https?:|unsubscribe|\.cn/);
    }
    // A second run tells nothing more.
    expect(await run(daytime(2, 5))).toEqual({ told: 0, found: 0, sms: 0 });
  });

  it('变价通知: a change below 1 % tells nobody; the project 平台价 moving 2 % does', async () => {
    await clearDeliveries();
    const [room] = await t.database.db
      .select({ id: rooms.id, price: rooms.currentPrice })
      .from(rooms)
      .where(eq(rooms.buildingId, buildingId))
      .limit(1);
    const small = Math.round(room!.price * 1.005);
    expect(small).not.toBe(room!.price);
    await t.database.db.update(rooms).set({ currentPrice: small }).where(eq(rooms.id, room!.id));
    expect(await t.database.db.select().from(subscriptionEvents)).toHaveLength(0);
    expect(await run(daytime(3))).toMatchObject({ told: 0 });

    const [project] = await t.database.db
      .select({ price: projects.platformPrice })
      .from(projects)
      .where(eq(projects.id, projectId));
    await t.database.db
      .update(projects)
      .set({ platformPrice: Math.round(project!.price * 0.98) })
      .where(eq(projects.id, projectId));
    expect(await run(daytime(3, 1))).toMatchObject({ told: 1 });
    const told = await noticesOf(buyerId);
    expect(told[0]!.content).toMatch(/平台价由\d+元\/㎡调整为\d+元\/㎡/);
  });

  it('开盘通知: rooms of a building turning green in the console tell the subscriber once', async () => {
    await clearDeliveries();
    await subscribe(buyer, projectId, ['opening']);
    const green = await t.database.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.buildingId, buildingId), eq(rooms.saleStatus, 'green')))
      .limit(3);
    const roomIds = green.map((room) => room.id);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rooms/sale-status',
      headers: admin,
      payload: { roomIds, saleStatus: 'gray' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await run(daytime(4))).toMatchObject({ told: 0 });
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rooms/sale-status',
      headers: admin,
      payload: { roomIds, saleStatus: 'green' },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await run(daytime(4, 1))).toMatchObject({ told: 1, sms: 1 });
    const told = await noticesOf(buyerId);
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('开盘通知');
    expect(told[0]!.content).toContain('开始可售');
  });

  it('开盘通知: a new building whose rooms are added already for sale tells the subscriber once', async () => {
    await clearDeliveries();
    const [building] = await t.database.db
      .select()
      .from(buildings)
      .where(eq(buildings.id, buildingId));
    const { id: _b, ...buildingFields } = building!;
    const [added] = await t.database.db
      .insert(buildings)
      .values({ ...buildingFields, name: '99号楼' })
      .returning({ id: buildings.id });
    const sample = await t.database.db
      .select()
      .from(rooms)
      .where(eq(rooms.buildingId, buildingId))
      .limit(3);
    await t.database.db.insert(rooms).values(
      sample.map(({ id: _r, ...room }) => ({
        ...room,
        buildingId: added!.id,
        saleStatus: 'green',
      })),
    );
    expect(await run(daytime(4, 30))).toMatchObject({ told: 1 });
    const told = await noticesOf(buyerId);
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('99号楼有房源开始可售');
  });

  it('新证通知: a new pre-sale licence assigned to a building tells the subscriber', async () => {
    await clearDeliveries();
    await subscribe(buyer, projectId, ['licence']);
    const [template] = await t.database.db
      .select()
      .from(licences)
      .where(eq(licences.projectId, projectId))
      .limit(1);
    const { id: _id, ...fields } = template!;
    const [licence] = await t.database.db
      .insert(licences)
      .values({ ...fields, licenceNo: '秦房预售证第2026-TEST号' })
      .returning({ id: licences.id });
    await t.database.db
      .update(buildings)
      .set({ licenceId: licence!.id })
      .where(eq(buildings.id, buildingId));
    expect(await run(daytime(5))).toMatchObject({ told: 1 });
    const told = await noticesOf(buyerId);
    expect(told[0]!.content).toContain('新证通知');
    expect(told[0]!.content).toContain('秦房预售证第2026-TEST号');
  });

  it('tells nobody when nobody subscribes to that topic', async () => {
    await clearDeliveries();
    await t.database.db.delete(subscriptions);
    const [room] = await t.database.db
      .select({ id: rooms.id, price: rooms.currentPrice })
      .from(rooms)
      .where(eq(rooms.buildingId, buildingId))
      .limit(1);
    await t.database.db
      .update(rooms)
      .set({ currentPrice: room!.price * 2 })
      .where(eq(rooms.id, room!.id));
    expect(await t.database.db.select().from(subscriptionEvents)).toHaveLength(0);
  });
});

/** Waiting events for the subscribed project, one per distinct building id. */
async function queueEvents(count: number, firstBuilding = 1_000_000) {
  for (let i = 0; i < count; i += 1)
    await t.database.db.insert(subscriptionEvents).values({
      projectId,
      buildingId: firstBuilding + i,
      topic: 'price',
      detail: `测试变价${i}`,
    });
}

describe('SMS cap and quiet hours', () => {
  it('sends at most 3 subscription SMS a Beijing day per user; the rest are notices only', async () => {
    await clearDeliveries();
    await t.database.db.delete(subscriptions);
    await subscribe(buyer, projectId, ['price']);
    await queueEvents(5);
    const result = await run(daytime(10));
    expect(result).toMatchObject({ told: 5, sms: 3 });
    expect(await noticesOf(buyerId)).toHaveLength(5);
    expect(sms.sent).toHaveLength(3);
    const capped = await t.database.db
      .select()
      .from(subscriptionDeliveries)
      .where(eq(subscriptionDeliveries.smsStatus, 'capped'));
    expect(capped).toHaveLength(2);
    // Later the same Beijing day (23:59 is quiet anyway; 21:59 is not): still capped.
    await queueEvents(1, 2_000_000);
    expect(await run('2026-11-10T13:59:00Z')).toMatchObject({ told: 1, sms: 0 });
    // The next Beijing day has a fresh allowance.
    await queueEvents(1, 3_000_000);
    expect(await run(daytime(11))).toMatchObject({ told: 1, sms: 1 });
    expect(sms.sent).toHaveLength(4);
  });

  it('holds SMS from 22:00 to 08:00 Beijing time and sends them at 08:00; the notice is written at once', async () => {
    await clearDeliveries();
    await queueEvents(1);
    // 23:30 Beijing on the 20th.
    expect(await run('2026-11-20T15:30:00Z')).toMatchObject({ told: 1, sms: 0 });
    expect(await noticesOf(buyerId)).toHaveLength(1);
    const [held] = await t.database.db.select().from(subscriptionDeliveries);
    expect(held!.smsStatus).toBe('pending');
    expect(held!.smsDueAt.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    // 07:59 Beijing: still quiet.
    expect(await run('2026-11-20T23:59:00Z')).toMatchObject({ sms: 0 });
    expect(sms.sent).toHaveLength(0);
    // 08:00 Beijing.
    expect(await run('2026-11-21T00:00:00Z')).toMatchObject({ sms: 1 });
    expect(sms.sent).toHaveLength(1);
  });
});

describe('several instances', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp({
      config: t.config,
      database: t.database,
      ownsDatabase: false,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => second?.close());

  it('two apps on one database running the job at once tell each event and send each SMS exactly once', async () => {
    await clearDeliveries();
    await t.database.db.delete(subscriptions);
    await subscribe(buyer, projectId, ['price']);
    await subscribe(other, projectId, ['price']);
    await queueEvents(3);
    for (let round = 0; round < 3; round += 1)
      await Promise.all([run(daytime(25, round), t.app.db), run(daytime(25, round), second.db)]);
    const deliveries = await t.database.db.select().from(subscriptionDeliveries);
    expect(deliveries).toHaveLength(6);
    expect(deliveries.every((row) => row.smsStatus === 'sent')).toBe(true);
    expect(sms.sent).toHaveLength(6);
    const perPhone = new Map<string, number>();
    for (const entry of sms.sent) perPhone.set(entry.phone, (perPhone.get(entry.phone) ?? 0) + 1);
    expect([...perPhone.values()]).toEqual([3, 3]);
    const [told] = await t.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(notices)
      .where(eq(notices.bizType, 'project'));
    expect(told!.value).toBe(6);
  });
});

describe('saved searches', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('refuses unknown filters and scopes with Chinese messages, and keeps one subscription per search', async () => {
    const badFilter = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/searches',
      headers: buyer,
      payload: { scope: 'newHouse', query: 'areaCode=NOWHERE' },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe('搜索条件不正确，请重新选择后再订阅');
    const badScope = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/searches',
      headers: buyer,
      payload: { scope: 'mars', query: '' },
    });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().message).toContain('搜索类型不正确');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/searches',
      headers: buyer,
      payload: { scope: 'newHouse', query: '?pageNum=3&keyword=&areaCode=HGQ&sortType=2' },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/searches',
      headers: buyer,
      payload: { scope: 'newHouse', query: 'areaCode=HGQ' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const list = (await t.app.inject({ url: '/api/subscriptions', headers: buyer })).json().data
      .list;
    const saved = list.find((row: { id: number }) => row.id === first.json().data.id);
    expect(saved).toMatchObject({ topic: 'search', scope: 'newHouse', query: 'areaCode=HGQ' });
    expect(saved.title).toBe('新房·海港区');
  });

  it('tells of projects and listings published after the last check that match, once', async () => {
    await clearDeliveries();
    await t.database.db.delete(subscriptions);
    const [project] = await t.database.db
      .select({ id: projects.id, district: projects.districtCode })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .limit(1);
    // A sale listing the public search shows (published is not enough: hidden or expired
    // listings are not searched).
    const shown = await t.app.inject({ method: 'GET', url: '/api/listings?type=1&pageSize=1' });
    const shownId = (shown.json() as { data: { list: Array<{ id: number }> } }).data.list[0]!.id;
    const [listing] = await t.database.db
      .select({ id: secondHandListings.id, district: secondHandListings.districtCode })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, shownId));
    for (const [scope, query] of [
      ['newHouse', `areaCode=${project!.district}`],
      ['secondhandhouse', `type=1&areaCode=${listing!.district}`],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/searches',
        headers: buyer,
        payload: { scope, query },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // Nothing new yet: the check finds nothing published since the search was saved.
    expect(await run(later(10))).toMatchObject({ found: 0 });
    await t.database.db
      .update(projects)
      .set({ publishedAt: new Date(later(12)) })
      .where(eq(projects.id, project!.id));
    await t.database.db
      .update(secondHandListings)
      .set({ publishTime: new Date(later(13)) })
      .where(eq(secondHandListings.id, listing!.id));
    expect(await run(later(20))).toMatchObject({ found: 2 });
    const told = await t.database.db
      .select()
      .from(notices)
      .where(eq(notices.userId, buyerId))
      .orderBy(asc(notices.id));
    const news = told.filter((row) => row.content.startsWith('【搜索订阅】'));
    expect(news.map((row) => [row.bizType, row.bizId]).sort()).toEqual(
      [
        ['project', project!.id],
        ['second_house', listing!.id],
      ].sort(),
    );
    expect(await run(later(30))).toMatchObject({ found: 0 });
  });
});
