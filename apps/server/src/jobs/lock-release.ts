import { DELAY_STATUS, PAY_STATUS, REFUND_STATUS } from '@portal/shared/schemas/orders';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, rooms } from '../db/schema/index';
import { recordOrderEvent } from '../modules/orders/order-events';
import { refundNumberOf } from '../modules/orders/payment.service';

/** Locks released per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Releases paid locks whose expireTime is at or before `now` (docs/architecture.md, docs/product/orders.md):
 * the room blue → green and the order marked released. A lock that ends without 网签备案 means
 * the deposit goes back (docs/product/orders.md): a paid order (3) becomes refund pending (4, refund status 2,
 * intention 2), an order already waiting for its refund (4) keeps waiting. A used delay ends
 * (delay status 3 → 4). Conditional on the old state, so concurrent sweepers release each lock
 * once. Returns the number of locks released.
 */
export async function releaseExpiredLocks(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.payStatus, [PAY_STATUS.paid, PAY_STATUS.refunding]),
        isNull(orders.lockReleasedAt),
        isNull(orders.netsignnum),
        lte(orders.expireTime, now),
      ),
    )
    .orderBy(asc(orders.expireTime))
    .limit(SWEEP_BATCH);
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({
          lockReleasedAt: now,
          delayStatus: sql`case when ${orders.delayStatus} = ${DELAY_STATUS.delayed} then ${DELAY_STATUS.ended}::smallint else ${orders.delayStatus} end`,
        })
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.payStatus, [PAY_STATUS.paid, PAY_STATUS.refunding]),
            isNull(orders.lockReleasedAt),
            lte(orders.expireTime, now),
          ),
        )
        .returning({
          roomId: orders.roomId,
          userId: orders.userId,
          orderNo: orders.orderNo,
          payStatus: orders.payStatus,
        });
      if (!order) return false;
      await tx
        .update(rooms)
        .set({ saleStatus: 'green', lockExpireTime: null, delayStatus: null })
        .where(and(eq(rooms.id, order.roomId), eq(rooms.saleStatus, 'blue')));
      if (order.payStatus === PAY_STATUS.paid) {
        await tx
          .update(orders)
          .set({
            payStatus: PAY_STATUS.refunding,
            refundStatus: REFUND_STATUS.pending,
            refundIntention: 2,
            refundApplyTime: now,
            refundRemark: '锁定期满未完成网签备案，订约金自动退还',
            refundFailReason: null,
            refundOrderNo: refundNumberOf(order.orderNo),
          })
          .where(eq(orders.id, id));
      }
      await recordOrderEvent(tx, {
        orderId: id,
        userId: order.userId,
        step: null,
        status: PAY_STATUS.refunding,
        operation: '锁定期满未网签，房源已释放，订约金待退还',
        notice: `您的订单${order.orderNo}锁定期已满，房源已释放，订约金将原路退还。`,
        at: now,
      });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}
