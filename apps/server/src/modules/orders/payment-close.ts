import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/index';

/** Failure reason stored on a payment closed with its order. */
export const PAYMENT_CLOSED_REASON = '订单已关闭，支付未完成';

/**
 * Moves an order's pending bank payment to `closed` when the order closes unpaid (cancelled or
 * timed out), so the pay-status query stops reporting it pending. Call inside the closing
 * transaction. A bank result that still arrives later is applied from `closed` as from
 * `pending`: money that arrives after closing goes to refund (0013). Returns the rows closed.
 */
export async function closePendingPayments(db: Db, orderId: number): Promise<number> {
  const closed = await db
    .update(payments)
    .set({ status: 'closed', failureReason: PAYMENT_CLOSED_REASON })
    .where(
      and(eq(payments.orderId, orderId), eq(payments.kind, 'pay'), eq(payments.status, 'pending')),
    )
    .returning({ id: payments.id });
  return closed.length;
}

/** The refund recorded as a `payments` row of kind refund, completing one that waits. */
export async function recordRefundPaid(
  tx: Db,
  orderId: number,
  refund: { refundNo: string; amountFen: number; bankRefundNo: string | null },
  at: Date,
): Promise<void> {
  const paid = {
    status: 'paid',
    amountFen: refund.amountFen,
    bankTradeNo: refund.bankRefundNo,
    paidAt: at,
  };
  await tx
    .insert(payments)
    .values({ outTradeNo: refund.refundNo, orderId, kind: 'refund', createdAt: at, ...paid })
    .onConflictDoUpdate({ target: payments.outTradeNo, set: { ...paid, failureReason: null } });
}
