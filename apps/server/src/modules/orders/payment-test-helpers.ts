import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/index';
import { createBankSimulator } from '../../integrations/bank/bank-simulator';
import { createOrder } from './orders.service';
import { applyBankResult, startPayment } from './payment.service';

export const NOTIFY_URL = 'http://localhost:3000/api/pay/notify';

/** The pending pay record of an order (after startPayment). */
export async function payRecordOf(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'pay')));
  if (!row) throw new Error(`order ${orderId} has no payment`);
  return row;
}

/**
 * An order of `userId` for `roomId` paid at `paidAt` (created a minute earlier), through the
 * same service calls the routes use; returns the order id.
 */
export async function paidOrder(
  db: Db,
  userId: number,
  roomId: number,
  paidAt: Date,
): Promise<number> {
  const created = new Date(paidAt.getTime() - 60_000);
  const { id } = await createOrder(db, userId, { houseId: roomId, agreed: true }, created);
  await startPayment(
    db,
    createBankSimulator(db),
    { userId, orderId: id, notifyUrl: NOTIFY_URL },
    created,
  );
  const payment = await payRecordOf(db, id);
  await applyBankResult(
    db,
    {
      outTradeNo: payment.outTradeNo,
      tradeNo: `SIM${String(id).padStart(12, '0')}`,
      amountFen: payment.amountFen,
      status: 'paid',
    },
    paidAt,
  );
  return id;
}
