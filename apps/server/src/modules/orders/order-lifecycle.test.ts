import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { notices, orderLogs, orders, rooms } from '../../db/schema/index';
import { orderSweeperPlugin } from '../../jobs/order-sweeper';
import { ForegroundGate } from '../../lib/foreground-gate';
import { expireUnpaidOrders } from './order-expiry';
import { freshBuyer, openOrderTest } from './orders-test-helpers';
import { createOrder } from './orders.service';
import { paidOrder } from './payment-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let other: Headers;
let buyerId: number;
/** The seeded demo buyer, with its history of orders. */
let demo: { headers: Headers; id: number };
let roomIds: number[];

beforeAll(async () => {
  ({ t, buyer, other, buyerId, roomIds } = await openOrderTest(10));
  demo = { headers: buyer, id: buyerId };
});
afterAll(async () => t.dispose());
// One identity holds one live order at a time: each test books with a buyer of its own.
beforeEach(async () => {
  ({ headers: buyer, id: buyerId } = await freshBuyer(t.database.db));
  other = (await freshBuyer(t.database.db)).headers;
});

const MINUTE = 60_000;
const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}
async function roomStatus(id: number) {
  const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
  return row?.saleStatus;
}

describe('cancel', () => {
  it("cancels only the caller's own unpaid order and frees the room", async () => {
    const room = roomIds[0] as number;
    const { id } = (
      await inject('POST', '/api/orders', buyer, { houseId: room, agreed: true })
    ).json().data;
    const foreign = await inject('POST', `/api/orders/${id}/cancel`, other, {
      cancelReason: '不买了',
    });
    expect(foreign.statusCode).toBe(404);
    const done = await inject('POST', `/api/orders/${id}/cancel`, buyer, {
      cancelReason: '不买了',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('订单已取消');
    expect(await orderRow(id)).toMatchObject({ payStatus: 0, cancelReason: '不买了' });
    expect(await roomStatus(room)).toBe('green');
    const again = await inject('POST', `/api/orders/${id}/cancel`, buyer, { cancelReason: '重复' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: '60004', message: '只有待支付的订单可以取消' });
    const logs = await t.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    expect(logs.map((log) => log.status)).toEqual([1, 0]);
    const retaken = await inject('POST', '/api/orders', other, { houseId: room, agreed: true });
    expect(retaken.statusCode).toBe(200);
  });

  it('refuses to cancel a paid order', async () => {
    const paid = { id: await paidOrder(t.database.db, buyerId, roomIds[7] as number, new Date()) };
    const response = await inject('POST', `/api/orders/${paid?.id}/cancel`, buyer, {
      cancelReason: '不买了',
    });
    expect(response.statusCode).toBe(409);
    expect((await orderRow(paid?.id as number))?.payStatus).toBe(3);
  });

  it('needs a cancel reason (必填项不能为空) and leaves the order as it was without one', async () => {
    const room = roomIds[4] as number;
    const { id } = (
      await inject('POST', '/api/orders', buyer, { houseId: room, agreed: true })
    ).json().data;
    const url = `/api/orders/${id}/cancel`;
    for (const refused of [
      await inject('POST', url, buyer),
      await inject('POST', url, buyer, {}),
      await inject('POST', url, buyer, { cancelReason: '   ' }),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('10001');
      expect(refused.json().message).toContain('必填项不能为空');
    }
    expect(await orderRow(id)).toMatchObject({ payStatus: 1, cancelReason: null });
    expect(await roomStatus(room)).toBe('yellow');
    expect((await inject('POST', url, buyer, { cancelReason: ' 改买别处 ' })).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ payStatus: 0, cancelReason: '改买别处' });
  });
});

describe('expiry sweeper', () => {
  it('expires an unpaid order after 30 minutes exactly once and frees the room', async () => {
    const room = roomIds[1] as number;
    const start = new Date();
    const { id } = await createOrder(
      t.database.db,
      buyerId,
      { houseId: room, agreed: true },
      start,
    );
    const db = t.database.db;
    expect(
      await expireUnpaidOrders(db, new Date(start.getTime() + 29 * MINUTE), { roomId: room }),
    ).toBe(0);
    await expireUnpaidOrders(db, new Date(start.getTime() + 29 * MINUTE));
    expect((await orderRow(id))?.payStatus).toBe(1);
    expect(await roomStatus(room)).toBe('yellow');
    const later = new Date(start.getTime() + 31 * MINUTE);
    const swept = await Promise.all([expireUnpaidOrders(db, later), expireUnpaidOrders(db, later)]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    expect(await orderRow(id)).toMatchObject({ payStatus: 2 });
    expect(await roomStatus(room)).toBe('green');
    const logs = await db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    expect(logs.filter((log) => log.status === 2)).toHaveLength(1);
    expect(await expireUnpaidOrders(db, later)).toBe(0);
  });

  it('lets a new buyer take a room whose payment window ended before the sweeper ran', async () => {
    const room = roomIds[2] as number;
    const { id } = await createOrder(
      t.database.db,
      buyerId,
      { houseId: room, agreed: true },
      new Date(Date.now() - 31 * MINUTE),
    );
    const response = await inject('POST', '/api/orders', other, { houseId: room, agreed: true });
    expect(response.statusCode).toBe(200);
    expect((await orderRow(id))?.payStatus).toBe(2);
    expect(await roomStatus(room)).toBe('yellow');
  });

  it('runs in the background as a plugin and stops on close', async () => {
    const room = roomIds[3] as number;
    const { id } = await createOrder(t.database.db, buyerId, { houseId: room, agreed: true });
    const app = Fastify({ logger: false });
    app.decorate('db', t.database.db);
    await app.register(orderSweeperPlugin, {
      enabled: true,
      intervalMs: 20,
      now: () => new Date(Date.now() + 31 * MINUTE),
    });
    await app.ready();
    for (let i = 0; i < 100 && (await orderRow(id))?.payStatus === 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.close();
    expect((await orderRow(id))?.payStatus).toBe(2);
    expect(await roomStatus(room)).toBe('green');
  });

  it('makes way for a deposit order running meanwhile before each of its transactions', async () => {
    const room = roomIds[9] as number;
    const { id } = await createOrder(t.database.db, buyerId, { houseId: room, agreed: true });
    const app = Fastify({ logger: false });
    app.decorate('db', t.database.db);
    const gate = new ForegroundGate(60_000);
    app.decorate('foreground', gate);
    // A deposit order runs: the sweep finds its overdue order but waits at the gate.
    gate.enter();
    await app.register(orderSweeperPlugin, {
      enabled: true,
      intervalMs: 20,
      now: () => new Date(Date.now() + 31 * MINUTE),
    });
    await app.ready();
    for (let i = 0; i < 100 && gate.queued === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(gate.queued).toBe(1);
    expect((await orderRow(id))?.payStatus).toBe(1);
    // The order has its answer: the sweep goes on.
    gate.leave();
    for (let i = 0; i < 100 && (await orderRow(id))?.payStatus === 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.close();
    expect((await orderRow(id))?.payStatus).toBe(2);
    expect(await roomStatus(room)).toBe('green');
  });
});

describe('my orders', () => {
  it('lists only my orders, newest first, 10 per page', async () => {
    ({ headers: buyer, id: buyerId } = demo);
    const mine = await t.database.db.select().from(orders).where(eq(orders.userId, buyerId));
    const page1 = (await inject('GET', '/api/orders', buyer)).json().data;
    expect(page1).toMatchObject({ total: mine.length, pageNum: 1, pageSize: 10 });
    expect(page1.list).toHaveLength(Math.min(10, mine.length));
    const times = page1.list.map((o: { createdTime: string }) => o.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await inject('GET', '/api/orders?pageNum=2', buyer)).json().data;
    const ids = [...page1.list, ...page2.list].map((o: { id: number }) => o.id);
    expect(ids.every((id: number) => mine.some((row) => row.id === id))).toBe(true);
    expect(page1.list[0]).toMatchObject({ idCard: '130302********1234', phone: '138****0001' });
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it("shows my order's detail with timeline and steps, never someone else's", async () => {
    const paid = { id: await paidOrder(t.database.db, buyerId, roomIds[8] as number, new Date()) };
    const response = await inject('GET', `/api/orders/${paid?.id}`, buyer);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail.payStatus).toBe(3);
    expect(detail.countDown).toBeGreaterThan(0);
    expect(detail.logList.length).toBeGreaterThanOrEqual(3);
    expect(detail.stepList.map((s: { name: string }) => s.name)).toEqual([
      '选房下单',
      '缴纳订约金',
      '房源锁定',
      '网签备案',
      '订约金退还',
    ]);
    expect(detail.stepList[2].operateTime).not.toBeNull();
    expect(detail.stepList[3].operateTime).toBeNull();
    expect((await inject('GET', `/api/orders/${paid?.id}`, other)).statusCode).toBe(404);
    expect((await inject('GET', '/api/orders/abc', buyer)).statusCode).toBe(400);
  });

  it('shows an unpaid order past its deadline as timed out (2) without waiting for the sweeper', async () => {
    const db = t.database.db;
    const room = roomIds[5] as number;
    const listed = await createOrder(
      db,
      buyerId,
      { houseId: room, agreed: true },
      new Date(Date.now() - 31 * MINUTE),
    );
    const list = (await inject('GET', '/api/orders?pageSize=50', buyer)).json().data;
    const row = list.list.find((o: { id: number }) => o.id === listed.id);
    expect(row).toMatchObject({ payStatus: 2, countDown: 0 });
    expect(await roomStatus(room)).toBe('green');
    const other = roomIds[6] as number;
    const viewed = await createOrder(
      db,
      buyerId,
      { houseId: other, agreed: true },
      new Date(Date.now() - 30 * MINUTE - 1000),
    );
    const detail = (await inject('GET', `/api/orders/${viewed.id}`, buyer)).json().data;
    expect(detail.payStatus).toBe(2);
    expect(detail.logList.map((log: { status: number }) => log.status)).toEqual([1, 2]);
    await inject('GET', '/api/orders', buyer);
    await inject('GET', `/api/orders/${viewed.id}`, buyer);
    for (const id of [listed.id, viewed.id]) {
      const logs = await db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
      expect(logs.filter((log) => log.status === 2)).toHaveLength(1);
      const sent = await db
        .select()
        .from(notices)
        .where(and(eq(notices.bizType, 'order'), eq(notices.bizId, id)));
      expect(sent.map((n) => n.content).filter((c) => c.includes('超时未支付'))).toHaveLength(1);
    }
  });
});
