import { PAY_STATUS, REFUND_STATUS, type OrderRefund } from '@portal/shared/schemas/orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from './order-events';
import { ownOrder } from './own-order';

/**
 * Refund application (docs/product/orders.md): a paid order (3) whose refund was not applied for or was
 * rejected (1 or 4) goes to refunding (4) with refund status pending (2) and the intention. The
 * room stays locked until an operator decides or the lock ends.
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  input: OrderRefund,
  now = new Date(),
): Promise<void> {
  const done = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        payStatus: PAY_STATUS.refunding,
        refundStatus: REFUND_STATUS.pending,
        refundIntention: input.refundIntention,
        refundRemark: input.remark || null,
        refundApplyTime: now,
        refundFailReason: null,
        refundOrderNo: sql`coalesce(${orders.refundOrderNo}, 'TK' || substr(${orders.orderNo}, 3))`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.payStatus, PAY_STATUS.paid),
          inArray(orders.refundStatus, [REFUND_STATUS.none, REFUND_STATUS.rejected]),
        ),
      )
      .returning({ orderNo: orders.orderNo });
    if (!order) return false;
    const intention = input.refundIntention === 2 ? '退款并解除合同' : '仅退款';
    await recordOrderEvent(tx, {
      orderId,
      userId,
      step: null,
      status: PAY_STATUS.refunding,
      operation: `申请退还订约金（${intention}）`,
      notice: `您的订单${order.orderNo}退款申请已提交，请等待审核。`,
      at: now,
    });
    return true;
  });
  if (done) return;
  await ownOrder(db, userId, orderId);
  throw new AppError('REFUND_NOT_ALLOWED');
}
