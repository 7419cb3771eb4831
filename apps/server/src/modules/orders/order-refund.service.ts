import type { OrderRefund } from '@portal/shared/schemas/orders';
import { PAY_STATUS } from '@portal/shared/status';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/index';
import type { BankGateway } from '../../integrations/bank/index';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../auth/index';
import { refundNumberOf } from './order-numbers';
import {
  applyRefundTransition,
  confirmRefundTransition,
  rejectRefundTransition,
  transitionAllowed,
} from './order-transitions';
import { ownOrder } from './own-order.queries';
import { pendingRefundOf } from './payment.queries';
import { recordPendingRefund, refundConfirmedByQuery } from './refund-confirmation';

/*
 * Refunds of the deposit: the buyer's application, and the operator's confirmation or rejection
 * (the console's bank settlement, failure and retry are in modules/orders/refunds.admin.service.ts,
 * through the same transitions).
 */

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
  const done = await db.transaction((tx) =>
    applyRefundTransition(tx, { id: orderId }, now, { kind: 'buyer', userId }, input),
  );
  if (done) return;
  await ownOrder(db, userId, orderId);
  throw new AppError('REFUND_NOT_ALLOWED');
}

async function requireOperator(db: Db, adminId: number): Promise<void> {
  const admin = await findUserById(db, adminId);
  if (admin?.role !== 'admin') throw new AppError('FORBIDDEN');
}

/**
 * Operator confirms a pending refund (operator console): payStatus 4 → 5, refund status 2 → 3,
 * the refund recorded as a `payments` row of kind refund, the room released if it was still held,
 * and step 5 订约金退还 reached. With a bank gateway the refund goes through the bank first, and
 * counts as done only when the bank confirms it (refund-confirmation.ts): its answer says the
 * money moved, or the refund query says so. Otherwise the order stays 退款中 with the refund
 * pending at the bank (`processing`) until the reconciliation job sees it confirmed.
 * The confirmation's audit entry is declared by its transition row; `onPending` runs inside the
 * transaction that records a refund still waiting at the bank.
 */
export async function confirmRefund(
  db: Db,
  orderId: number,
  adminId: number,
  options: {
    bank?: BankGateway | null;
    now?: Date;
    onPending?: (tx: Db) => Promise<void>;
  } = {},
): Promise<'refunded' | 'processing'> {
  const now = options.now ?? new Date();
  await requireOperator(db, adminId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', '订单不存在');
  if (!transitionAllowed('confirmRefund', order)) {
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
  let bankRefundNo: string | null = null;
  if (options.bank && paid) {
    const refund = { outTradeNo: paid.outTradeNo, refundNo, amountFen };
    const accepted = await options.bank.refund(refund);
    bankRefundNo = accepted.bankRefundNo;
    const done = accepted.settled || (await refundConfirmedByQuery(options.bank, refund));
    if (!done) {
      await db.transaction(async (tx) => {
        await recordPendingRefund(tx, { orderId, refundNo, amountFen, bankRefundNo }, now);
        await options.onPending?.(tx);
      });
      return 'processing';
    }
  }
  const done = await db.transaction(async (tx) => {
    const changed = await confirmRefundTransition(
      tx,
      { id: orderId },
      now,
      { kind: 'operator', adminId },
      { refundNo, amountFen, bankRefundNo },
    );
    return changed;
  });
  if (!done) throw new AppError('ORDER_STATE_INVALID', '只有待确认的退款可以确认');
  return 'refunded';
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
  if (await pendingRefundOf(db, orderId)) {
    throw new AppError('ORDER_STATE_INVALID', '退款已提交银行，正在等待银行确认，不能驳回');
  }
  const done = await db.transaction((tx) =>
    rejectRefundTransition(tx, { id: orderId }, now, { kind: 'operator', adminId }, text),
  );
  if (done) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', '订单不存在');
  if (order.payStatus === PAY_STATUS.REFUNDING && order.lockReleasedAt) {
    throw new AppError('ORDER_STATE_INVALID', '房源锁定已结束，订约金须退还，不能驳回');
  }
  throw new AppError('ORDER_STATE_INVALID', '只有待确认的退款可以驳回');
}
