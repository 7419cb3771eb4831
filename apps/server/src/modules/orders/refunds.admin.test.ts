import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankSimTrades, orderLogs, orders, payments, rooms } from '../../db/schema/index';
import { useAdminTest } from '../admin/admin-test-helpers';
import { settleDepositRefund } from './refunds.admin.service';

const c = useAdminTest();

/** A paid order that still holds its room and whose deposit was paid through the bank. */
async function paidOrder(skip: number) {
  const [order] = await c.t.database.db
    .select({
      id: orders.id,
      userId: orders.userId,
      roomId: orders.roomId,
      outTradeNo: payments.outTradeNo,
    })
    .from(orders)
    .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.kind, 'pay')))
    .where(and(eq(orders.payStatus, 3), eq(payments.status, 'paid'), isNull(orders.lockReleasedAt)))
    .orderBy(desc(orders.id))
    .offset(skip)
    .limit(1);
  if (!order) throw new Error('the seed has paid orders');
  return order;
}

/** The bank simulator's ledger says the deposit trade failed, so it refuses to refund it. */
async function bankRefuses(outTradeNo: string, refuses: boolean) {
  await c.t.database.db
    .insert(bankSimTrades)
    .values({
      tradeNo: `SIMTEST${outTradeNo.slice(-8)}`,
      outTradeNo,
      orderNo: outTradeNo,
      subject: '订约金',
      amountFen: 100,
      status: refuses ? 'failed' : 'paid',
      notifyUrl: 'http://localhost/api/pay/notify',
      returnUrl: '/myOrder',
    })
    .onConflictDoUpdate({
      target: bankSimTrades.outTradeNo,
      set: { status: refuses ? 'failed' : 'paid' },
    });
}

async function orderRow(id: number) {
  const [row] = await c.t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function roomStatus(id: number) {
  const [row] = await c.t.database.db
    .select({ s: rooms.saleStatus })
    .from(rooms)
    .where(eq(rooms.id, id));
  return row?.s;
}

describe('网签 when the bank refund fails', () => {
  it('keeps the 网签, marks the refund failed, and a retry refunds it', async () => {
    const order = await paidOrder(0);
    await bankRefuses(order.outTradeNo, true);

    const signed = await c.send('POST', `/api/admin/orders/${order.id}/netsign`, {
      netsignnum: 'WQ2026FAIL0001',
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data).toMatchObject({ refund: 'failed' });
    expect(signed.json().message).toContain('退款失败');
    const failed = await orderRow(order.id);
    expect(failed).toMatchObject({
      netSignNumber: 'WQ2026FAIL0001',
      payStatus: 7,
      refundStatus: 3,
    });
    expect(failed?.refundFailReason).toMatch(/^银行退款失败/);
    expect(failed?.refundOrderNo).toMatch(/^TK/);
    expect(await roomStatus(order.roomId)).toBe('gray');
    expect(await c.lastAudit('order.netsign', order.id)).toBeDefined();
    expect((await c.lastAudit('order.refundFail', order.id))?.after).toMatchObject({
      payStatus: 7,
    });
    expect(await c.lastAudit('order.refundConfirm', order.id)).toBeUndefined();
    expect((await c.noticesOf(order.userId))[0]?.content).toContain('退款暂未成功');
    const queue = await c.send('GET', '/api/admin/orders?payStatus=7&pageSize=100');
    expect(queue.json().data.list.map((o: { id: number }) => o.id)).toContain(order.id);

    const stillFailing = await c.send('POST', `/api/admin/orders/${order.id}/refund/retry`);
    expect(stillFailing.statusCode).toBe(503);
    expect(stillFailing.json().message).toContain('银行退款失败');
    expect((await orderRow(order.id))?.payStatus).toBe(7);
    expect(await c.lastAudit('order.refundRetry', order.id)).toBeDefined();

    await bankRefuses(order.outTradeNo, false);
    const retried = await c.send('POST', `/api/admin/orders/${order.id}/refund/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('订约金已原路退还');
    const refunded = await orderRow(order.id);
    expect(refunded).toMatchObject({ payStatus: 5, refundStatus: 3, refundFailReason: null });
    expect(refunded?.netSignNumber).toBe('WQ2026FAIL0001');
    expect(await roomStatus(order.roomId)).toBe('gray');
    expect(await c.lastAudit('order.refundConfirm', order.id)).toBeDefined();
    const steps = await c.t.database.db
      .select({ step: orderLogs.step })
      .from(orderLogs)
      .where(eq(orderLogs.orderId, order.id));
    expect(steps.map((s) => s.step)).toEqual(expect.arrayContaining([4, 5]));
    const [refund] = await c.t.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(refund?.status).toBe('paid');

    const again = await c.send('POST', `/api/admin/orders/${order.id}/refund/retry`);
    expect(again.statusCode).toBe(409);
  });
});

describe('confirming a refund application when the bank fails', () => {
  it('marks the order refund-failed, releases the room, and a retry refunds it', async () => {
    const order = await paidOrder(1);
    const buyerApplies = await c.t.database.db
      .update(orders)
      .set({ payStatus: 4, refundStatus: 2, refundApplyTime: new Date(), refundIntention: 2 })
      .where(eq(orders.id, order.id))
      .returning({ id: orders.id });
    expect(buyerApplies).toHaveLength(1);
    await bankRefuses(order.outTradeNo, true);

    const confirmed = await c.send('POST', `/api/admin/orders/${order.id}/refund/confirm`);
    expect(confirmed.statusCode).toBe(503);
    expect(confirmed.json().message).toMatch(/银行退款失败.*可稍后重新退款/);
    expect(await orderRow(order.id)).toMatchObject({ payStatus: 7, refundStatus: 3 });
    expect(await roomStatus(order.roomId)).toBe('green');
    expect(await c.lastAudit('order.refundFail', order.id)).toBeDefined();
    expect((await c.noticesOf(order.userId))[0]?.content).toContain('退款暂未成功');
    const dashboard = await c.send('GET', '/api/admin/dashboard');
    expect(dashboard.json().data.refundsFailed).toBeGreaterThanOrEqual(1);

    await bankRefuses(order.outTradeNo, false);
    expect((await c.send('POST', `/api/admin/orders/${order.id}/refund/retry`)).statusCode).toBe(
      200,
    );
    expect(await orderRow(order.id)).toMatchObject({ payStatus: 5, refundStatus: 3 });
    expect((await c.noticesOf(order.userId))[0]?.content).toContain('已原路退还');
  });

  it('refuses to reject the refund of a net-signed order', async () => {
    const order = await paidOrder(2);
    await c.t.database.db
      .update(orders)
      .set({ payStatus: 4, refundStatus: 2, netSignNumber: 'WQ2026HOLD0001' })
      .where(eq(orders.id, order.id));
    const rejected = await c.send('POST', `/api/admin/orders/${order.id}/refund/reject`, {
      reason: '材料不全',
    });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().message).toContain('已网签');
    expect((await orderRow(order.id))?.payStatus).toBe(4);
  });
});

describe('refunds with no bank connected', () => {
  it('never marks a deposit returned without the bank, and leaves it for a retry', async () => {
    const order = await paidOrder(3);
    await c.t.database.db
      .update(orders)
      .set({ payStatus: 4, refundStatus: 2, refundApplyTime: new Date(), refundIntention: 1 })
      .where(eq(orders.id, order.id));
    const outcome = await settleDepositRefund(c.t.database.db, c.adminId, order.id, {
      gateway: null,
    });
    expect(outcome).toMatchObject({ refund: 'failed' });
    expect(outcome.failReason).toContain('银行退款服务暂不可用');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ payStatus: 7, refundStatus: 3, otherRefundOrderNo: null });
    expect(await c.lastAudit('order.refundFail', order.id)).toBeDefined();
    await expect(
      settleDepositRefund(c.t.database.db, c.adminId, order.id, { gateway: null }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
