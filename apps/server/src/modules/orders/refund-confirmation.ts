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

/** Refunds asked about per run; the next run takes the rest. */
const BATCH = 20;

/**
 * One run of the refund reconciliation: every refund the bank accepted but has not confirmed is
 * asked about with the refund query; a confirmed one completes its order (退款完成, step 5, buyer
 * told) as an operator's confirmation would. Each refund is claimed with `FOR UPDATE SKIP
 * LOCKED`, so instances running at once ask about different refunds, and the order's transition
 * applies only once whatever happens. Answers how many refunds were confirmed.
 */
export async function reconcilePendingRefunds(
  db: Db,
  bank: BankGateway,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await tx
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
      .limit(BATCH)
      .for('update', { of: payments, skipLocked: true });
    let confirmed = 0;
    for (const refund of pending) {
      const [paid] = await tx
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
      const changed = await confirmRefundTransition(
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
      if (changed) confirmed += 1;
    }
    return confirmed;
  });
}
