import { PAY_STATUS, REFUND_STATUS } from '@portal/shared/schemas/orders';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments, rooms, users } from '../../db/schema/index';
import type { BankGateway } from '../../integrations/bank/index';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from './order-events';
import { refundNumberOf } from './payment.service';

async function requireOperator(db: Db, adminId: number): Promise<void> {
  const [admin] = await db.select({ role: users.role }).from(users).where(eq(users.id, adminId));
  if (admin?.role !== 'admin') throw new AppError('FORBIDDEN');
}

/**
 * Operator confirms a pending refund (operator console): payStatus 4 → 5, refund status 2 → 3,
 * the refund recorded as a `payments` row of kind refund, the room released if it was still held,
 * and step 5 订约金退还 reached. With a bank gateway the refund goes through the bank first;
 * `onConfirmed` runs inside the transaction that records it (the console's audit entry).
 */
export async function confirmRefund(
  db: Db,
  orderId: number,
  adminId: number,
  options: {
    bank?: BankGateway | null;
    now?: Date;
    onConfirmed?: (tx: Db) => Promise<void>;
  } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await requireOperator(db, adminId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', '订单不存在');
  if (order.payStatus !== PAY_STATUS.refunding || order.refundStatus !== REFUND_STATUS.pending) {
    throw new AppError('ORDER_STATE_INVALID', '只有待确认的退款可以确认');
  }
  const [paid] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.kind, 'pay'), eq(payments.status, 'paid')),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  const refundNo = order.refundOrderNo ?? refundNumberOf(order.orderNo);
  const amountFen = paid?.amountFen ?? order.lockMoney * 100;
  const bankRefundNo =
    options.bank && paid
      ? await options.bank.refund({ outTradeNo: paid.outTradeNo, refundNo, amountFen })
      : null;
  const done = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({
        payStatus: PAY_STATUS.refunded,
        refundStatus: REFUND_STATUS.confirmed,
        refundTime: now,
        refundResult: '订约金已原路退还',
        refundOrderNo: refundNo,
        otherRefundOrderNo: bankRefundNo,
        lockReleasedAt: sql`coalesce(${orders.lockReleasedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.payStatus, PAY_STATUS.refunding),
          eq(orders.refundStatus, REFUND_STATUS.pending),
        ),
      )
      .returning({ userId: orders.userId });
    if (!changed) return false;
    if (!order.lockReleasedAt) {
      await tx
        .update(rooms)
        .set({ saleStatus: 'green', lockExpireTime: null, delayStatus: null })
        .where(and(eq(rooms.id, order.roomId), eq(rooms.saleStatus, 'blue')));
    }
    // A refund record may already be waiting (applied for earlier): it is completed, not doubled.
    await tx
      .insert(payments)
      .values({
        outTradeNo: refundNo,
        orderId,
        kind: 'refund',
        amountFen,
        status: 'paid',
        bankTradeNo: bankRefundNo,
        createdAt: now,
        paidAt: now,
      })
      .onConflictDoUpdate({
        target: payments.outTradeNo,
        set: {
          status: 'paid',
          amountFen,
          bankTradeNo: bankRefundNo,
          paidAt: now,
          failureReason: null,
        },
      });
    await recordOrderEvent(tx, {
      orderId,
      userId: changed.userId,
      step: 5,
      status: PAY_STATUS.refunded,
      operation: '订约金已退还',
      notice: `您的订单${order.orderNo}订约金已原路退还。`,
      at: now,
    });
    await options.onConfirmed?.(tx);
    return true;
  });
  if (!done) throw new AppError('ORDER_STATE_INVALID', '只有待确认的退款可以确认');
}

/**
 * Operator rejects a pending refund with a reason: back to paid (3) with refund status 4, so the
 * buyer may apply again. Refused once the lock has ended: that deposit must be returned.
 */
export async function rejectRefund(
  db: Db,
  orderId: number,
  adminId: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  await requireOperator(db, adminId);
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', '请填写驳回原因');
  const done = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({
        payStatus: PAY_STATUS.paid,
        refundStatus: REFUND_STATUS.rejected,
        refundFailReason: text,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.payStatus, PAY_STATUS.refunding),
          eq(orders.refundStatus, REFUND_STATUS.pending),
          isNull(orders.lockReleasedAt),
        ),
      )
      .returning({ userId: orders.userId, orderNo: orders.orderNo });
    if (!changed) return false;
    await recordOrderEvent(tx, {
      orderId,
      userId: changed.userId,
      step: null,
      status: PAY_STATUS.paid,
      operation: `退款申请未通过：${text}`,
      notice: `您的订单${changed.orderNo}退款申请未通过，原因：${text}`,
      at: now,
    });
    return true;
  });
  if (done) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', '订单不存在');
  if (order.payStatus === PAY_STATUS.refunding && order.lockReleasedAt) {
    throw new AppError('ORDER_STATE_INVALID', '房源锁定已结束，订约金须退还，不能驳回');
  }
  throw new AppError('ORDER_STATE_INVALID', '只有待确认的退款可以驳回');
}
