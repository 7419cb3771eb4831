import type { AdminRefundOutcome } from '@portal/shared/schemas/orders/admin';
import { PAY_STATUS, REFUND_STATUS } from '@portal/shared/status';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import type { BankGateway } from '../../integrations/bank/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { confirmRefund, rejectRefund } from './order-refund.service';
import { refundFailedTransition, retryRefundTransition } from './order-transitions';

/** The bank refunds go through, built by the app from configuration; null = none connected. */
export interface BankSettings {
  gateway: BankGateway | null;
  /** Told of each refund the bank refused or did not answer (the routes log it as the bank's). */
  onBankFailure?: (error: unknown) => void;
}

/** The bank refused or did not answer a refund; the portal's own state checks passed. */
class BankRefundError extends Error {}

/** The gateway with its refund call marked, so a bank failure is told apart from a conflict. */
function markingRefundFailures(gateway: BankGateway): BankGateway {
  return {
    name: gateway.name,
    payForm: (request) => gateway.payForm(request),
    query: (outTradeNo) => gateway.query(outTradeNo),
    queryRefund: gateway.queryRefund ? (input) => gateway.queryRefund!(input) : undefined,
    refund: async (input) => {
      try {
        return await gateway.refund(input);
      } catch (error) {
        throw new BankRefundError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },
  };
}

/**
 * Leaves an order whose bank refund failed in the visible state 退款失败 (pay status 7, refund
 * status 3 confirmed, the bank's reason kept): the lock ends and a still-locked room goes back on
 * sale (the operator's decision stands; only the money is still owed), the buyer is told and the
 * failure is audited. The operator retries with `retryRefund`.
 */
async function markRefundFailed(
  db: Db,
  actorId: number,
  orderId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    const changed = await refundFailedTransition(
      tx,
      { id: orderId },
      now,
      { kind: 'operator', adminId: actorId },
      reason,
    );
    if (!changed) throw new AppError('ORDER_STATE_INVALID', '只有待确认的退款可以确认');
  });
}

/**
 * Returns the deposit of an order waiting for its refund (pay status 4, refund status 2) through
 * the bank, outside any other transaction: the bank call comes first, then the orders module
 * records the refund (step 5, buyer notified) together with its audit entry. When the bank fails
 * the order is marked 退款失败 instead (see `markRefundFailed`) and the outcome says why; state
 * conflicts still throw. Amounts are the paid deposit in fen, as the bank takes them.
 */
export async function settleDepositRefund(
  db: Db,
  actorId: number,
  orderId: number,
  settings: BankSettings,
  now = new Date(),
): Promise<AdminRefundOutcome> {
  const { gateway } = settings;
  if (!gateway) {
    // No bank connected (PAYMENT_PROVIDER=off, or unset without simulators): the deposit is never marked
    // returned without money moving; the order shows 退款失败 and can be retried later.
    const reason = '银行退款服务暂不可用，请接入银行后重新退款';
    await markRefundFailed(db, actorId, orderId, reason, now);
    return { refund: 'failed', failReason: reason };
  }
  try {
    const outcome = await confirmRefund(db, orderId, actorId, {
      bank: markingRefundFailures(gateway),
      now,
      // The bank accepted the refund but has not confirmed it: the order stays 退款中 until
      // the refund reconciliation job sees it confirmed (refund-confirmation.ts).
      onPending: (tx) =>
        recordAudit(tx, {
          actorId,
          action: 'order.refundSubmit',
          targetType: 'order',
          targetId: orderId,
          before: { payStatus: PAY_STATUS.REFUNDING, refundStatus: REFUND_STATUS.PENDING },
          after: { payStatus: PAY_STATUS.REFUNDING, bankRefund: 'processing' },
          at: now,
        }),
    });
    return { refund: outcome, failReason: null };
  } catch (error) {
    if (!(error instanceof BankRefundError)) throw error;
    settings.onBankFailure?.(error.cause);
    const reason = `银行退款失败：${error.message}`.slice(0, 200);
    await markRefundFailed(db, actorId, orderId, reason, now);
    return { refund: 'failed', failReason: reason };
  }
}

/**
 * Retries the bank refund of an order marked 退款失败 (pay status 7): it goes back to waiting for
 * its refund (4, refund status 2; audited as a retry, committed first) and is settled again with
 * the same refund number, so a bank that did receive the earlier request does not pay twice.
 */
export async function retryRefund(
  db: Db,
  actorId: number,
  orderId: number,
  settings: BankSettings,
  now = new Date(),
): Promise<AdminRefundOutcome> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!found) throw new AppError('NOT_FOUND', '订单不存在');
    const changed = await retryRefundTransition(tx, { id: orderId }, now, {
      kind: 'operator',
      adminId: actorId,
    });
    if (!changed) throw new AppError('ORDER_STATE_INVALID', '只有退款失败的订单可以重新退款');
  });
  return settleDepositRefund(db, actorId, orderId, settings, now);
}

/**
 * Confirms a pending refund: the bank returns the deposit first, then the orders module records
 * it (step 5, buyer notified) with the audit entry (`settleDepositRefund`). A bank failure leaves
 * the order 退款失败 (7), audited and retryable, and answers 503 with the bank's reason.
 */
export async function auditedConfirmRefund(
  db: Db,
  adminId: number,
  orderId: number,
  settings: BankSettings,
): Promise<AdminRefundOutcome> {
  const outcome = await settleDepositRefund(db, adminId, orderId, settings);
  if (outcome.refund === 'failed') {
    throw new AppError(
      'BANK_UNAVAILABLE',
      `${outcome.failReason}。订单已标记为退款失败，可稍后重新退款`,
    );
  }
  return outcome;
}

/** Rejects a pending refund with a reason the buyer sees, audited in the same transaction. */
export async function auditedRejectRefund(
  db: Db,
  adminId: number,
  orderId: number,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ netSignNumber: orders.netSignNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.netSignNumber) {
      throw new AppError('ORDER_STATE_INVALID', '已网签的订单须按约定退还订约金，不能驳回');
    }
    await rejectRefund(tx, orderId, adminId, reason);
  });
}
