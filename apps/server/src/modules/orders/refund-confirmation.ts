import { PAY_STATUS } from '@portal/shared/status';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/index';
import type { BankGateway } from '../../integrations/bank/index';
import { confirmRefundTransition } from './order-transitions';

/*
 * A refund the bank accepted is not yet a refund done. It counts as done only when the bank's
 * answer says the money moved (Alipay's fund_change=Y) or the refund query reports it
 * (REFUND_SUCCESS) for the full amount. Until then the order stays 退款中 (refund status pending)
 * and the refund's payment record is `pending`; the refund reconciliation job asks the bank about
 * every such refund until it is confirmed (docs/operations.md, "Payment").
 */

/** Whether the bank's refund query confirms the refund for `amountFen`; an outage is a no. */
export async function refundConfirmedByQuery(
  bank: BankGateway,
  input: { outTradeNo: string; refundNo: string; amountFen: number },
): Promise<boolean> {
  if (!bank.queryRefund) return false;
  try {
    const answer = await bank.queryRefund({
      outTradeNo: input.outTradeNo,
      refundNo: input.refundNo,
    });
    return (
      answer.status === 'success' &&
      (answer.amountFen === null || answer.amountFen === input.amountFen)
    );
  } catch {
    // The bank accepted the refund; whether it is done is asked again by the reconciliation job.
    return false;
  }
}

/** Records a refund the bank accepted but has not confirmed: its payment record, pending. */
export async function recordPendingRefund(
  tx: Db,
  refund: { orderId: number; refundNo: string; amountFen: number; bankRefundNo: string | null },
  at: Date,
): Promise<void> {
  await tx
    .insert(payments)
    .values({
      outTradeNo: refund.refundNo,
      orderId: refund.orderId,
      kind: 'refund',
      amountFen: refund.amountFen,
      status: 'pending',
      bankTradeNo: refund.bankRefundNo,
      createdAt: at,
    })
    .onConflictDoUpdate({
      target: payments.outTradeNo,
      set: { status: 'pending', amountFen: refund.amountFen, bankTradeNo: refund.bankRefundNo },
    });
}

/** Refunds asked about per run; the next run takes the rest. */
const BATCH = 20;

/**
 * Asks the bank about the refunds it accepted and has not confirmed (oldest first, a batch per
 * run) and confirms those it reports done. The bank is asked outside any transaction: an outside
 * call never holds the database (with the bank simulator the answer itself reads the database,
 * which on the embedded database would wait for that transaction forever). Each confirmation is
 * a short transaction of its own that claims the refund's record (`FOR UPDATE SKIP LOCKED`) and
 * checks it is still pending, so instances running at once confirm each refund once.
 */
export async function reconcilePendingRefunds(
  db: Db,
  bank: BankGateway,
  now = new Date(),
): Promise<number> {
  const pending = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      refundNo: payments.outTradeNo,
      amountFen: payments.amountFen,
      bankRefundNo: payments.bankTradeNo,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.kind, 'refund'),
        eq(payments.status, 'pending'),
        eq(orders.payStatus, PAY_STATUS.REFUNDING),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(BATCH);
  let confirmed = 0;
  for (const refund of pending) {
    const [paid] = await db
      .select({ outTradeNo: payments.outTradeNo })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, refund.orderId),
          eq(payments.kind, 'pay'),
          eq(payments.status, 'paid'),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    if (!paid) continue;
    const done = await refundConfirmedByQuery(bank, {
      outTradeNo: paid.outTradeNo,
      refundNo: refund.refundNo,
      amountFen: refund.amountFen,
    });
    if (!done) continue;
    const changed = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, refund.id), eq(payments.status, 'pending')))
        .for('update', { skipLocked: true });
      if (!claimed) return false;
      return confirmRefundTransition(
        tx,
        { id: refund.orderId },
        now,
        { kind: 'system' },
        {
          refundNo: refund.refundNo,
          amountFen: refund.amountFen,
          bankRefundNo: refund.bankRefundNo,
        },
      );
    });
    if (changed) confirmed += 1;
  }
  return confirmed;
}
