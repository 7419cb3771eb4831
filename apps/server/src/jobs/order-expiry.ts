import { PAY_STATUS } from '@portal/shared/schemas/orders';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, rooms } from '../db/schema/index';
import { recordOrderEvent } from '../modules/orders/order-events';
import { closePendingPayments } from '../modules/orders/payment-close';

/** Orders expired per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/** Which overdue orders one call expires: all, one room's, or one buyer's. */
export interface ExpiryScope {
  roomId?: number;
  userId?: number;
}

/**
 * Expires unpaid orders whose 30-minute payment window ended at or before `now` (docs/product/orders.md):
 * payStatus 1 → 2, the room yellow → green, the pending bank payment closed, a log entry and a
 * notice. Every update is conditional on the old state, so concurrent sweepers (or a read or
 * create that sweeps its own scope first) expire each order exactly once. Returns the number of
 * orders it expired.
 */
export async function expireUnpaidOrders(
  db: Db,
  now: Date,
  options: ExpiryScope = {},
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.payStatus, PAY_STATUS.awaitingPayment),
        lte(orders.payExpireTime, now),
        options.roomId === undefined ? undefined : eq(orders.roomId, options.roomId),
        options.userId === undefined ? undefined : eq(orders.userId, options.userId),
      ),
    )
    .orderBy(asc(orders.payExpireTime))
    .limit(SWEEP_BATCH);
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ payStatus: PAY_STATUS.timedOut })
        .where(and(eq(orders.id, id), eq(orders.payStatus, PAY_STATUS.awaitingPayment)))
        .returning({ roomId: orders.roomId, userId: orders.userId, orderNo: orders.orderNo });
      if (!order) return false;
      await tx
        .update(rooms)
        .set({ saleStatus: 'green', payExpireTime: null })
        .where(and(eq(rooms.id, order.roomId), eq(rooms.saleStatus, 'yellow')));
      await closePendingPayments(tx, id);
      await recordOrderEvent(tx, {
        orderId: id,
        userId: order.userId,
        step: null,
        status: PAY_STATUS.timedOut,
        operation: '超时未支付，订单已自动关闭',
        notice: `您的订单${order.orderNo}因超时未支付已自动关闭。`,
        at: now,
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
