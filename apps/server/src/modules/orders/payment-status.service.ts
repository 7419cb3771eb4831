import type { OrderPayStatus } from '@portal/shared/schemas/orders';
import type { Db } from '../../db/client';
import type { BankGateway } from '../../integrations/bank/index';
import { expireUnpaidOrders } from './order-expiry';
import { ownOrder } from './own-order.queries';
import { latestPayPayment } from './payment.queries';
import { applyBankResult, OPEN_PAYMENT_STATES } from './payment.service';

/**
 * Pay-status query: when the order's payment is still open here (pending, or closed with the
 * order before the bank answered), asks the bank and applies its final answer (the
 * notification may never have arrived). An answer without an amount is not applied: the amount
 * is checked against the payment's, never assumed. Owner only.
 */
export async function reconcilePayment(
  db: Db,
  bank: BankGateway | null,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderPayStatus> {
  await ownOrder(db, userId, orderId);
  const payment = await latestPayPayment(db, orderId);
  if (payment && OPEN_PAYMENT_STATES.includes(payment.status) && bank) {
    const { status, tradeNo, amountFen } = await bank.query(payment.outTradeNo);
    const hasAmount = typeof amountFen === 'number' && Number.isInteger(amountFen);
    if ((status === 'paid' || status === 'failed') && tradeNo && hasAmount) {
      await applyBankResult(
        db,
        { outTradeNo: payment.outTradeNo, tradeNo, amountFen, status },
        now,
      );
    }
  }
  await expireUnpaidOrders(db, now, { roomId: (await ownOrder(db, userId, orderId)).roomId });
  const order = await ownOrder(db, userId, orderId);
  const latest = await latestPayPayment(db, orderId);
  return {
    payStatus: order.payStatus,
    paymentStatus: (latest?.status ?? 'none') as OrderPayStatus['paymentStatus'],
  };
}
