import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/index';
import { rooms } from '../building-table/tables';

/** The latest bank payment (kind pay) of an order, or undefined before the first attempt. */
export async function latestPayPayment(db: Db, orderId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'pay')))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

/** An order's pay status and payment deadline with its room's colour, or undefined. */
export async function readOrderHold(db: Db, orderId: number) {
  const [row] = await db
    .select({
      payStatus: orders.payStatus,
      payExpireTime: orders.payExpireTime,
      saleStatus: rooms.saleStatus,
    })
    .from(orders)
    .innerJoin(rooms, eq(rooms.id, orders.roomId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The order's refund the bank accepted and has not confirmed, if any. */
export async function pendingRefundOf(db: Db, orderId: number) {
  const [row] = await db
    .select({ id: payments.id, refundNo: payments.outTradeNo })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'refund'),
        eq(payments.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}
