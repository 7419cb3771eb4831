import { PAY_STATUS, REASON_REQUIRED_MESSAGE } from '@portal/shared/schemas/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from './order-events';
import { closePendingPayments } from './payment-close';

/**
 * Cancels the caller's own unpaid order (payStatus 1 → 0, docs/product/orders.md) for the reason given, which
 * is required (docs/product/orders.md: 必填项不能为空, 10001). In one transaction the order changes only if
 * still unpaid, its room turns green again, its pending bank payment is closed (pay-status stops
 * reporting it pending), and a log entry and notice are written. 404 for an unknown order or
 * someone else's; 60004 (409) at any other pay status.
 */
export async function cancelOrder(
  db: Db,
  userId: number,
  orderId: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED_MESSAGE);
  const cancelled = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        payStatus: PAY_STATUS.cancelled,
        cancelTime: now,
        cancelReason: text,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.payStatus, PAY_STATUS.awaitingPayment),
        ),
      )
      .returning({ roomId: orders.roomId, orderNo: orders.orderNo });
    if (!order) return false;
    await tx
      .update(rooms)
      .set({ saleStatus: 'green', payExpireTime: null })
      .where(and(eq(rooms.id, order.roomId), eq(rooms.saleStatus, 'yellow')));
    await closePendingPayments(tx, orderId);
    await recordOrderEvent(tx, {
      orderId,
      userId,
      step: null,
      status: PAY_STATUS.cancelled,
      operation: `用户取消订单：${text}`,
      notice: `您的订单${order.orderNo}已取消。`,
      at: now,
    });
    return true;
  });
  if (cancelled) return;
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!existing) throw new AppError('NOT_FOUND', '订单不存在');
  throw new AppError('ORDER_STATE_INVALID', '只有待支付的订单可以取消');
}
