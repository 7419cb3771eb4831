import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { orderLogs, orders, payments, rooms, users } from '../../db/schema/index';
import { orderSweeperPlugin } from '../../jobs/order-sweeper';
import { bearerFor } from '../news/test-helpers';
import { releaseExpiredLocks } from './lock-release';
import { confirmRefund, rejectRefund } from './order-refund.service';
import { greenRoomIds, freshBuyer } from './orders-test-helpers';
import { paidOrder } from './payment-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let buyerId: number;
let adminId: number;
let roomIds: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  const ids = await t.database.db.select({ id: users.id, phone: users.phone }).from(users);
  buyerId = ids.find((u) => u.phone === '13800000001')?.id as number;
  adminId = ids.find((u) => u.phone === '13900000000')?.id as number;
  roomIds = await greenRoomIds(t.database.db, 14);
});
afterAll(async () => t.dispose());
// One identity holds one live order at a time: each test books with a buyer of its own.
beforeEach(async () => {
  ({ headers: buyer, id: buyerId } = await freshBuyer(t.database.db));
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: buyer, payload });

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}
async function roomOf(id: number) {
  const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
  return row;
}
const logsOf = (orderId: number) =>
  t.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId));
/** A paid order whose lock ends `hoursLeft` hours from now. */
const lockEndingIn = (room: number, hoursLeft: number) =>
  paidOrder(t.database.db, buyerId, room, new Date(Date.now() - 7 * DAY + hoursLeft * HOUR));

describe('delay', () => {
  it('is refused more than one day before the lock ends', async () => {
    const id = await lockEndingIn(roomIds[0] as number, 30);
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyer });
    expect(detail.json().data.allowDelay).toBe(false);
    const response = await post(`/api/orders/${id}/delay`, { reason: '资金周转' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: '60011',
      message: '锁定到期前一天内才可申请延期',
    });
  });

  it('adds 3 days once within the last day, for the order and the room', async () => {
    const room = roomIds[1] as number;
    const id = await lockEndingIn(room, 10);
    const before = await orderRow(id);
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer });
    const listed = list.json().data.list.find((o: { id: number }) => o.id === id);
    expect(listed.allowDelay).toBe(true);
    const response = await post(`/api/orders/${id}/delay`, { reason: '等待贷款审批' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('提交成功');
    const after = await orderRow(id);
    expect((after?.expireTime as Date).getTime() - (before?.expireTime as Date).getTime()).toBe(
      3 * DAY,
    );
    expect(after).toMatchObject({ delayStatus: 3, delayReason: '等待贷款审批' });
    expect(await roomOf(room)).toMatchObject({ delayStatus: 3, lockExpireTime: after?.expireTime });
    const twice = await post(`/api/orders/${id}/delay`, { reason: '再次申请' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: '60012', message: '延期只能申请一次' });
    expect((await logsOf(id)).filter((l) => l.operation.includes('延期'))).toHaveLength(1);
  });

  it('needs a delay reason (必填项不能为空); giving up keeps its remark optional', async () => {
    const room = roomIds[11] as number;
    const id = await lockEndingIn(room, 10);
    for (const payload of [{}, { reason: '  ' }, { reason: 1 }]) {
      const refused = await post(`/api/orders/${id}/delay`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('必填项不能为空');
    }
    expect(await orderRow(id)).toMatchObject({ delayStatus: 1, delayReason: null });
    // A second lock belongs to a second buyer (one live order per identity).
    const second = await freshBuyer(t.database.db);
    const other = await paidOrder(
      t.database.db,
      second.id,
      roomIds[12] as number,
      new Date(Date.now() - 7 * DAY + 10 * HOUR),
    );
    const giveUp = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${other}/delay/give-up`,
      headers: second.headers,
    });
    expect(giveUp.statusCode).toBe(200);
    expect(await orderRow(other)).toMatchObject({ delayStatus: 2, delayRemark: null });
  });

  it('cannot be applied for after giving it up', async () => {
    const room = roomIds[2] as number;
    const id = await lockEndingIn(room, 10);
    const giveUp = await post(`/api/orders/${id}/delay/give-up`, { remark: '不需要延期' });
    expect(giveUp.statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ delayStatus: 2, delayRemark: '不需要延期' });
    expect((await roomOf(room))?.delayStatus).toBe(2);
    expect((await post(`/api/orders/${id}/delay`, { reason: '改变主意' })).json().code).toBe(
      '60012',
    );
    expect((await post(`/api/orders/${id}/delay/give-up`, {})).statusCode).toBe(409);
  });

  it('is refused for an unpaid order', async () => {
    const created = await post('/api/orders', { houseId: roomIds[3], agreed: true });
    const id = created.json().data.id;
    expect((await post(`/api/orders/${id}/delay`, { reason: '资金周转' })).json().code).toBe(
      '60004',
    );
    expect((await post(`/api/orders/${id}/delay/give-up`, {})).json().code).toBe('60004');
    expect((await post(`/api/orders/${id}/refund`, { refundIntention: 1 })).json().code).toBe(
      '60013',
    );
  });
});

describe('refund', () => {
  it('validates the intention', async () => {
    const id = await lockEndingIn(roomIds[4] as number, 100);
    const bad = await post(`/api/orders/${id}/refund`, { refundIntention: 3 });
    expect(bad.statusCode).toBe(400);
    expect((await orderRow(id))?.payStatus).toBe(3);
  });

  it('applies (3 → 4), is confirmed by an operator (→ 5) and frees the room', async () => {
    const room = roomIds[5] as number;
    const id = await lockEndingIn(room, 100);
    const response = await post(`/api/orders/${id}/refund`, {
      refundIntention: 2,
      remark: '改买其他楼盘',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('退款申请已提交，请等待审核');
    const pending = await orderRow(id);
    expect(pending).toMatchObject({
      payStatus: 4,
      refundStatus: 2,
      refundIntention: 2,
      refundRemark: '改买其他楼盘',
    });
    expect(pending?.refundOrderNo).toMatch(/^TK\d+$/);
    expect((await roomOf(room))?.saleStatus).toBe('blue');
    const again = await post(`/api/orders/${id}/refund`, { refundIntention: 1 });
    expect(again.json().code).toBe('60013');
    await expect(confirmRefund(t.database.db, id, buyerId)).rejects.toMatchObject({
      code: '10403',
    });
    await confirmRefund(t.database.db, id, adminId);
    const done = await orderRow(id);
    expect(done).toMatchObject({ payStatus: 5, refundStatus: 3 });
    expect(done?.refundTime).not.toBeNull();
    expect((await roomOf(room))?.saleStatus).toBe('green');
    const refunds = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amountFen).toBe((done?.lockMoney as number) * 100);
    expect((await logsOf(id)).some((l) => l.step === 5)).toBe(true);
    await expect(confirmRefund(t.database.db, id, adminId)).rejects.toMatchObject({
      code: '60004',
    });
  });

  it('after a rejection may be applied for again', async () => {
    const room = roomIds[6] as number;
    const id = await lockEndingIn(room, 100);
    await post(`/api/orders/${id}/refund`, { refundIntention: 1 });
    await expect(rejectRefund(t.database.db, id, adminId, '  ')).rejects.toMatchObject({
      code: '10001',
    });
    await rejectRefund(t.database.db, id, adminId, '已进入网签流程');
    expect(await orderRow(id)).toMatchObject({
      payStatus: 3,
      refundStatus: 4,
      refundFailReason: '已进入网签流程',
    });
    expect((await roomOf(room))?.saleStatus).toBe('blue');
    const reapply = await post(`/api/orders/${id}/refund`, { refundIntention: 2 });
    expect(reapply.statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ payStatus: 4, refundStatus: 2 });
  });
});

describe('refund of a seeded pending application', () => {
  it('completes the waiting refund record instead of adding a second one', async () => {
    const pending = await t.database.db
      .select({ id: orders.id, refundOrderNo: orders.refundOrderNo })
      .from(orders)
      .innerJoin(payments, eq(payments.outTradeNo, orders.refundOrderNo))
      .where(and(eq(orders.payStatus, 4), eq(orders.refundStatus, 2)));
    const order = pending[0];
    if (!order?.refundOrderNo) throw new Error('the seed has no pending refund with its record');
    await confirmRefund(t.database.db, order.id, adminId);
    expect((await orderRow(order.id))?.payStatus).toBe(5);
    const records = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.outTradeNo, order.refundOrderNo));
    expect(records).toHaveLength(1);
    expect(records[0]?.status).toBe('paid');
  });
});

describe('lock release at expireTime', () => {
  it('frees the room once and turns the deposit into a pending refund', async () => {
    const room = roomIds[7] as number;
    const id = await lockEndingIn(room, 2);
    const end = (await orderRow(id))?.expireTime as Date;
    await releaseExpiredLocks(t.database.db, new Date(end.getTime() - 1000));
    expect((await orderRow(id))?.payStatus).toBe(3);
    expect((await roomOf(room))?.saleStatus).toBe('blue');
    const at = new Date(end.getTime() + 1000);
    const swept = await Promise.all([
      releaseExpiredLocks(t.database.db, at),
      releaseExpiredLocks(t.database.db, at),
    ]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    const row = await orderRow(id);
    expect(row).toMatchObject({ payStatus: 4, refundStatus: 2, refundIntention: 2 });
    expect(row?.lockReleasedAt).not.toBeNull();
    expect((await roomOf(room))?.saleStatus).toBe('green');
    expect((await logsOf(id)).filter((l) => l.operation.startsWith('锁定期满'))).toHaveLength(1);
    expect(await releaseExpiredLocks(t.database.db, at)).toBe(0);
    const takeover = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer,
      payload: { houseId: room, agreed: true },
    });
    expect(takeover.statusCode).toBe(200);
    await expect(rejectRefund(t.database.db, id, adminId, '不同意')).rejects.toMatchObject({
      message: '房源锁定已结束，订约金须退还，不能驳回',
    });
    await confirmRefund(t.database.db, id, adminId);
    expect((await orderRow(id))?.payStatus).toBe(5);
    expect((await roomOf(room))?.saleStatus).toBe('yellow');
  });

  it('releases a delayed lock at its extended end and marks the delay ended', async () => {
    const room = roomIds[8] as number;
    const id = await lockEndingIn(room, 5);
    await post(`/api/orders/${id}/delay`, { reason: '等待贷款审批' });
    const end = (await orderRow(id))?.expireTime as Date;
    await releaseExpiredLocks(t.database.db, new Date(Date.now() + 1 * DAY));
    expect((await orderRow(id))?.payStatus).toBe(3);
    expect(await releaseExpiredLocks(t.database.db, new Date(end.getTime()))).toBeGreaterThan(0);
    expect(await orderRow(id)).toMatchObject({ payStatus: 4, delayStatus: 4 });
  });

  it('releases the room of a refund still pending, keeping the refund pending', async () => {
    const room = roomIds[9] as number;
    const id = await lockEndingIn(room, 3);
    await post(`/api/orders/${id}/refund`, { refundIntention: 1 });
    await releaseExpiredLocks(t.database.db, new Date(Date.now() + 4 * HOUR));
    expect(await orderRow(id)).toMatchObject({ payStatus: 4, refundStatus: 2, refundIntention: 1 });
    expect((await roomOf(room))?.saleStatus).toBe('green');
  });

  it('runs in the background sweeper', async () => {
    const room = roomIds[10] as number;
    const id = await lockEndingIn(room, 1);
    const app = Fastify({ logger: false });
    app.decorate('db', t.database.db);
    await app.register(orderSweeperPlugin, {
      enabled: true,
      intervalMs: 20,
      now: () => new Date(Date.now() + 2 * HOUR),
    });
    await app.ready();
    for (let i = 0; i < 100 && (await orderRow(id))?.payStatus === 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.close();
    expect((await orderRow(id))?.payStatus).toBe(4);
    expect((await roomOf(room))?.saleStatus).toBe('green');
  });
});
