import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { notices, orderLogs, orders, projects, rooms } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { freshBuyer, greenRoomIds, greenRoomWithoutLicence } from './orders-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let unverified: Headers;
let citizens: Headers[];
let roomIds: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  unverified = await bearerFor(t.database.db, '13800000002');
  citizens = [];
  for (let i = 0; i < 12; i += 1) citizens.push((await freshBuyer(t.database.db)).headers);
  roomIds = await greenRoomIds(t.database.db, 8);
  expect(citizens.length).toBeGreaterThanOrEqual(5);
  expect(roomIds).toHaveLength(8);
});
afterAll(async () => t.dispose());

const preview = (headers: Headers | Record<string, never>, houseId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/preview?houseId=${houseId}`, headers });
const create = (headers: Headers | Record<string, never>, houseId: number) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: { houseId, agreed: true } });

async function roomOf(id: number) {
  const [room] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
  return room;
}

async function liveOrders(roomId: number) {
  return t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.roomId, roomId), inArray(orders.payStatus, [1, 3])));
}

describe('order preview', () => {
  it('needs a session (90001) and real-name authentication (60001, 403)', async () => {
    const room = roomIds[0] as number;
    expect((await preview({}, room)).statusCode).toBe(401);
    const refused = await preview(unverified, room);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: '60001',
      message: '请先完成实名认证后再缴纳订约金',
    });
    expect((await create(unverified, room)).json().code).toBe('60001');
  });

  it('shows the identity masked and the prices of a green room', async () => {
    const id = roomIds[0] as number;
    const response = await preview(buyer, id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const room = await roomOf(id);
    const [project] = await t.database.db
      .select()
      .from(projects)
      .where(eq(projects.id, room?.projectId as number));
    expect(data).toMatchObject({
      houseId: id,
      realName: '李思远',
      idCard: '130302********1234',
      phone: '138****0001',
      housePurpose: room?.housePurpose,
      currentPrice: room?.currentPrice,
      buildArea: room?.buildArea,
      totalPrice: room?.totalPrice,
      lockMoney: project?.depositAmount,
      address: project?.projectAddress,
    });
    expect(data.houseName).toContain(project?.publishName);
    expect(data.houseName).toContain(room?.roomNumber);
  });

  it('answers 404 for an unknown room and 400 for a malformed id', async () => {
    expect((await preview(buyer, 99_999_999)).statusCode).toBe(404);
    const bad = await preview(buyer, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('10001');
  });
});

describe('a building without a pre-sale licence', () => {
  it('takes no deposit: preview and creation answer 60014 (409) and the room stays as it was', async () => {
    const room = await greenRoomWithoutLicence(t.database.db);
    const refusal = {
      code: '60014',
      message: '该楼栋暂未取得预售许可证，暂不可缴纳订约金',
    };
    const previewed = await preview(buyer, room.id);
    expect(previewed.statusCode).toBe(409);
    expect(previewed.json()).toMatchObject(refusal);
    const created = await create(buyer, room.id);
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject(refusal);
    const racing = await Promise.all(
      citizens.slice(0, 5).map((headers) => create(headers, room.id)),
    );
    expect(racing.map((r) => r.json().code)).toEqual(racing.map(() => '60014'));
    expect((await roomOf(room.id))?.saleStatus).toBe('green');
    expect(await t.database.db.select().from(orders).where(eq(orders.roomId, room.id))).toEqual([]);
    // Real-name authentication is still asked first.
    expect((await preview(unverified, room.id)).json().code).toBe('60001');
  });
});

describe('order creation', () => {
  it('locks a green room yellow for 30 minutes with the order, its log and a notice', async () => {
    const id = roomIds[1] as number;
    const before = Date.now();
    const response = await create(buyer, id);
    expect(response.statusCode).toBe(200);
    const created = response.json().data;
    expect(created.orderNo).toMatch(/^DJ\d{14}\d{5,}$/);
    const room = await roomOf(id);
    expect(room?.saleStatus).toBe('yellow');
    const window = (room?.payExpireTime?.getTime() ?? 0) - before;
    expect(window).toBeGreaterThan(29 * 60_000);
    expect(window).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(order).toMatchObject({ payStatus: 1, roomId: id, idCard: '130302199003151234' });
    expect(order?.payExpireTime.toISOString()).toBe(created.payExpireTime);
    const logs = await t.database.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, created.id));
    expect(logs).toMatchObject([{ step: 1, status: 1, operation: '选房下单，提交订约金订单' }]);
    const notes = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.bizType, 'order'), eq(notices.bizId, created.id)));
    expect(notes).toHaveLength(1);
  });

  it('needs the accepted agreement (agreed: true) and stores when it was accepted', async () => {
    const id = roomIds[4] as number;
    // The demo buyer holds an order already (one live order per identity): a buyer of its own.
    const { headers: buyer } = await freshBuyer(t.database.db);
    for (const payload of [
      { houseId: id },
      { houseId: id, agreed: false },
      { houseId: id, agreed: 'yes' },
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer,
        payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('10001');
      expect(refused.json().message).toContain('请先阅读并同意《新建商品房订约金缴纳协议》');
    }
    expect((await roomOf(id))?.saleStatus).toBe('green');
    expect(await liveOrders(id)).toHaveLength(0);
    const before = Date.now();
    const response = await create(buyer, id);
    expect(response.statusCode).toBe(200);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, response.json().data.id));
    expect(order?.agreedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(order?.agreedAt?.getTime()).toBe(order?.createdAt.getTime());
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order?.id}`,
      headers: buyer,
    });
    expect(detail.json().data.agreedTime).toBe(order?.agreedAt?.toISOString());
  });

  it('refuses a second unpaid order of the same buyer and anyone else for a yellow room', async () => {
    const id = roomIds[1] as number;
    const again = await create(buyer, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: '60003',
      message: '您已有该房源的待支付订单，请勿重复下单',
    });
    const other = await create(citizens[0] as Headers, id);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('60002');
    expect((await preview(citizens[0] as Headers, id)).json().code).toBe('60002');
    expect((await preview(buyer, id)).json().code).toBe('60003');
    expect(await liveOrders(id)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous buyers win a room', async () => {
    const id = roomIds[2] as number;
    const results = await Promise.all([
      create(citizens[0] as Headers, id),
      create(citizens[1] as Headers, id),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json()).toMatchObject({
      code: '60002',
      message: '该房源已被他人锁定或正在缴纳订约金，请选择其他房源',
    });
    expect(await liveOrders(id)).toHaveLength(1);
    expect((await roomOf(id))?.saleStatus).toBe('yellow');
  });

  it('gives one order to 50 simultaneous requests of many buyers, some double-clicking', async () => {
    const id = roomIds[3] as number;
    const buyers = [...citizens, buyer];
    const racers = Array.from({ length: 50 }, (_, i) => buyers[i % buyers.length] as Headers);
    const results = await Promise.all(racers.map((headers) => create(headers, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(racers.length - 1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const live = await liveOrders(id);
    expect(live).toHaveLength(1);
    const logs = await t.database.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, live[0]?.id as number));
    expect(logs).toHaveLength(1);
  });
});
