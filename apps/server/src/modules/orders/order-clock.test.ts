import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { orderLogs, orders, rooms, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { freshBuyer, greenRoomIds } from './orders-test-helpers';
import { createOrder } from './orders.service';
import { paidOrder } from './payment-test-helpers';

type Headers = { authorization: string };

const HOUR = 3_600_000;

describe('simulated time for one order (SIMULATORS on)', () => {
  let t: TestApp;
  let buyer: Headers;
  let buyerId: number;
  let roomIds: number[];

  beforeAll(async () => {
    t = await createTestApp({ seedScale: 0.05 });
    buyer = await bearerFor(t.database.db, '13800000001');
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, '13800000001'));
    buyerId = row?.id as number;
    roomIds = await greenRoomIds(t.database.db, 3);
  });
  afterAll(async () => t.dispose());
  // One identity holds one live order at a time: each test books with a buyer of its own.
  beforeEach(async () => {
    ({ headers: buyer, id: buyerId } = await freshBuyer(t.database.db));
  });

  const orderRow = async (id: number) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const roomRow = async (id: number) =>
    (await t.database.db.select().from(rooms).where(eq(rooms.id, id)))[0];
  const elapse = (orderNo: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/dev/orders/${orderNo}/elapse`, payload });

  it('moves a paid lock into its last day, so the delay opens; the room moves with it', async () => {
    const room = roomIds[0] as number;
    const id = await paidOrder(t.database.db, buyerId, room, new Date());
    const before = await orderRow(id);
    const logsBefore = await t.database.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, id));
    const detailBefore = await t.app.inject({ url: `/api/orders/${id}`, headers: buyer });
    expect(detailBefore.json().data.allowDelay).toBe(false);

    const response = await elapse(before?.orderNo as string, { hours: 150 });
    expect(response.statusCode).toBe(200);
    const after = await orderRow(id);
    const shift = 150 * HOUR;
    for (const key of ['createdAt', 'agreedAt', 'payTime', 'lockTime', 'expireTime'] as const) {
      expect((before?.[key] as Date).getTime() - (after?.[key] as Date).getTime(), key).toBe(shift);
    }
    expect(response.json().data).toMatchObject({
      orderId: id,
      payStatus: 3,
      expireTime: after?.expireTime?.toISOString(),
    });
    expect((await roomRow(room))?.lockExpireTime?.getTime()).toBe(after?.expireTime?.getTime());
    const logsAfter = await t.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    expect(logsAfter.map((log) => log.operateTime.getTime())).toEqual(
      logsBefore.map((log) => log.operateTime.getTime() - shift),
    );

    const detail = await t.app.inject({ url: `/api/orders/${id}`, headers: buyer });
    expect(detail.json().data).toMatchObject({ payStatus: 3, allowDelay: true });
    const delayed = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/delay`,
      headers: buyer,
      payload: { reason: '等待贷款审批' },
    });
    expect(delayed.statusCode).toBe(200);
  });

  it('lets an unpaid order run out of time: the next read shows it timed out', async () => {
    const room = roomIds[1] as number;
    const { id, orderNo } = await createOrder(t.database.db, buyerId, {
      houseId: room,
      agreed: true,
    });
    const form = await t.app.inject({
      method: 'POST',
      url: `/dev/orders/${orderNo}/elapse`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'hours=0.5',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/dev/orders?orderNo=${orderNo}`);
    const page = await t.app.inject({ url: `/dev/orders?orderNo=${orderNo}` });
    expect(page.body).toContain('模拟');
    expect(page.body).toContain(orderNo);
    expect(page.body).toContain('让时间流逝');
    const detail = await t.app.inject({ url: `/api/orders/${id}`, headers: buyer });
    expect(detail.json().data.payStatus).toBe(2);
    expect((await roomRow(room))?.saleStatus).toBe('green');
  });

  it('refuses bad input with a clear message and leaves other orders alone', async () => {
    const room = roomIds[2] as number;
    const { id, orderNo } = await createOrder(t.database.db, buyerId, {
      houseId: room,
      agreed: true,
    });
    const before = await orderRow(id);
    const zero = await elapse(orderNo, { hours: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('小时数须大于0');
    expect((await elapse(orderNo, { hours: 721 })).json().message).toContain('小时数不能超过720');
    const unknown = await elapse('DJ20260101000000999999', { hours: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('订单不存在');
    expect((await elapse(encodeURIComponent('1; drop table'), { hours: 1 })).statusCode).toBe(400);
    expect((await orderRow(id))?.createdAt.getTime()).toBe(before?.createdAt.getTime());
  });
});

describe('simulated time with SIMULATORS off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIMULATORS: 'false' } });
  });
  afterAll(async () => t.dispose());

  it('answers 404 like every other /dev route', async () => {
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/dev/orders/DJ2026010100000000001/elapse',
      payload: { hours: 150 },
    });
    expect(api.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/orders' })).statusCode).toBe(404);
    const form = await t.app.inject({
      method: 'POST',
      url: '/dev/orders/DJ2026010100000000001/elapse',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'hours=1',
    });
    expect(form.statusCode).toBe(404);
  });
});
