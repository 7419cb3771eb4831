import { PAY_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/index';
import type { BankGateway } from '../../integrations/bank/index';
import { AppError } from '../../lib/app-error';
import { expireUnpaidOrders } from './order-expiry';
import {
  paidAfterCloseTransition,
  payFailedTransition,
  payTransition,
  type Actor,
} from './order-transitions';
import { ownOrder } from './own-order.queries';
import { latestPayPayment, readOrderHold } from './payment.queries';

/**
 * Payment states a bank result may still settle: pending, and closed (the order closed unpaid
 * before the bank answered; money that still arrives then goes to refund).
 */
export const OPEN_PAYMENT_STATES = ['pending', 'closed'];

/** The bank's result for one trade, from a notification or a pay-status query. */
export interface BankResult {
  outTradeNo: string;
  tradeNo: string;
  /** When given (notifications), it must name the payment's order. */
  orderNo?: string;
  amountFen: number;
  status: 'paid' | 'failed';
}

export { refundNumberOf } from './order-numbers';

/**
 * House-order precheck before paying (docs/product/orders.md): the order is awaiting payment, inside its
 * payment window, and its room is still yellow. Otherwise 60005 (409); the pages show their own
 * failure text (docs/product/orders.md). An overdue order is expired on the way.
 */
export async function precheckOrder(db: Db, userId: number, orderId: number, now = new Date()) {
  const order = await ownOrder(db, userId, orderId);
  await expireUnpaidOrders(db, now, { roomId: order.roomId });
  const row = await readOrderHold(db, orderId);
  const held =
    row?.payStatus === PAY_STATUS.AWAITING_PAYMENT &&
    row.saleStatus === ROOM_SALE_STATUS.PAYING &&
    row.payExpireTime > now;
  if (!held) throw new AppError('ORDER_LOCK_LOST');
  return { orderNo: order.orderNo, payExpireTime: order.payExpireTime.toISOString() };
}

/** Why an order that is no longer awaiting payment cannot be paid (60006), by pay status. */
const NOT_PAYABLE_MESSAGE: Partial<Record<number, string>> = {
  [PAY_STATUS.CANCELLED]: '该订单已取消，无法继续支付；如需购买请重新选房下单',
  [PAY_STATUS.TIMED_OUT]:
    '该订单已超过30分钟缴费时间，已自动关闭，无法继续支付；如需购买请重新选房下单',
  [PAY_STATUS.PAY_FAILED]: '该订单支付失败已关闭，无法继续支付；如需购买请重新选房下单',
  [PAY_STATUS.PAID]: '该订单的订约金已支付，请勿重复支付',
  [PAY_STATUS.REFUNDING]: '该订单的订约金已支付，请勿重复支付',
  [PAY_STATUS.REFUNDED]: '该订单的订约金已支付并退还，无法再次支付',
  [PAY_STATUS.REFUND_FAILED]: '该订单的订约金已支付，请勿重复支付',
};

/**
 * Starts (or resumes) the bank payment of an unpaid order and returns the bank's payment form.
 * One payment record per order: a later attempt reuses the pending one, so the bank never holds
 * two open trades for one order. The amount is the deposit (lockMoney) in fen, or the configured
 * test amount (docs/product/orders.md).
 */
export async function startPayment(
  db: Db,
  bank: BankGateway | null,
  input: { userId: number; orderId: number; notifyUrl: string; testAmountFen?: number },
  now = new Date(),
): Promise<{ html: string }> {
  if (!bank) throw new AppError('BANK_UNAVAILABLE');
  await expireUnpaidOrders(db, now, { userId: input.userId });
  const current = await ownOrder(db, input.userId, input.orderId);
  const closed = NOT_PAYABLE_MESSAGE[current.payStatus];
  if (closed) throw new AppError('ORDER_NOT_PAYABLE', closed);
  await precheckOrder(db, input.userId, input.orderId, now);
  const order = await ownOrder(db, input.userId, input.orderId);
  const existing = await latestPayPayment(db, order.id);
  if (existing && existing.status !== 'pending') throw new AppError('ORDER_NOT_PAYABLE');
  const payment =
    existing ??
    (
      await db
        .insert(payments)
        .values({
          outTradeNo: `P${order.orderNo}`,
          orderId: order.id,
          kind: 'pay',
          amountFen: input.testAmountFen ?? order.lockMoney * 100,
          status: 'pending',
          createdAt: now,
        })
        .onConflictDoNothing({ target: payments.outTradeNo })
        .returning()
    )[0] ??
    (
      await db
        .select()
        .from(payments)
        .where(eq(payments.outTradeNo, `P${order.orderNo}`))
    )[0];
  if (!payment) throw new AppError('ORDER_NOT_PAYABLE');
  const html = await bank.payForm({
    outTradeNo: payment.outTradeNo,
    orderNo: order.orderNo,
    subject: `${order.houseName} 订约金`,
    amountFen: payment.amountFen,
    notifyUrl: input.notifyUrl,
    returnPath: `/myOrderDetails?id=${order.id}`,
  });
  return { html };
}

/**
 * Applies the bank's final result for one trade, idempotently: the payment record moves from
 * pending (or closed) to paid or failed only once, so repeats and late, contradicting deliveries
 * (a 'failed' after 'paid') change nothing. Checks that the trade exists, names its order and
 * carries its amount (fen).
 *
 * paid: order 1 → 3 with payTime, lockTime and expireTime = payTime + 7 days, room yellow → blue.
 * If the order was already closed (cancelled, timed out or failed) the money is kept on record
 * and the order goes to 4 (refund pending) so that it is returned.
 * failed: order 1 → 6 and the room turns green again.
 * Returns whether anything changed.
 */
export async function applyBankResult(db: Db, result: BankResult, now = new Date()) {
  const [payment] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      amountFen: payments.amountFen,
      orderNo: orders.orderNo,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.outTradeNo, result.outTradeNo), eq(payments.kind, 'pay')));
  if (!payment || (result.orderNo !== undefined && result.orderNo !== payment.orderNo)) {
    throw new AppError('PAY_TRADE_UNKNOWN');
  }
  if (payment.amountFen !== result.amountFen) throw new AppError('PAY_AMOUNT_MISMATCH');

  return db.transaction(async (tx) => {
    const settled = await tx
      .update(payments)
      .set({
        status: result.status,
        bankTradeNo: result.tradeNo,
        notifiedAt: now,
        ...(result.status === 'paid' ? { paidAt: now } : {}),
        ...(result.status === 'failed' ? { failureReason: '银行返回支付失败' } : {}),
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, OPEN_PAYMENT_STATES)))
      .returning({ id: payments.id });
    if (settled.length === 0) return false;

    const order = { id: payment.orderId };
    const bank: Actor = { kind: 'bank' };
    if (result.status === 'failed') {
      await payFailedTransition(tx, order, now, bank);
      return true;
    }
    if (await payTransition(tx, order, now, bank, { tradeNo: result.tradeNo })) return true;
    await paidAfterCloseTransition(tx, order, now, bank, { tradeNo: result.tradeNo });
    return true;
  });
}
