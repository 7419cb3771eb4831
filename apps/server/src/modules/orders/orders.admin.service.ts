import type { AdminNetsign, AdminRefundOutcome } from '@portal/shared/schemas/orders/admin';
import { PAY_STATUS } from '@portal/shared/status';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { recordOrderEvent } from './order-events';
import { netsignTransition, orderNamed } from './order-transitions';
import { type BankSettings, settleDepositRefund } from './refunds.admin.service';

/**
 * Records the 网签 stage of a paid order and then, per the agreement (docs/product/orders.md), refunds its
 * deposit. The 网签 commits first and stands on its own: the order must still be paid, not yet
 * net-signed and still holding its room (60005 once the lock has ended); it gets the contract
 * number and time, its room turns gray (sold), it waits for its refund (4), step 4 is logged, the
 * buyer told and the operator audited. The refund is a second step through the bank
 * (`settleDepositRefund`); if the bank fails the order shows 退款失败 (7) for a retry, and the
 * outcome says so.
 */
export async function recordNetsign(
  db: Db,
  actorId: number,
  orderId: number,
  input: AdminNetsign,
  settings: BankSettings,
  now = new Date(),
): Promise<AdminRefundOutcome> {
  const signedAt = input.netsignTime ? new Date(input.netsignTime) : now;
  if (signedAt.getTime() > now.getTime() + 60_000) {
    throw new AppError('VALIDATION_FAILED', '网签时间不能晚于当前时间');
  }
  const done = await db.transaction(async (tx) => {
    const order = await netsignTransition(
      tx,
      { id: orderId },
      now,
      { kind: 'operator', adminId: actorId },
      { netSignNumber: input.netsignnum, signedAt },
    );
    return order !== null;
  });
  if (done) return settleDepositRefund(db, actorId, orderId, settings, now);
  const [existing] = await db
    .select({
      payStatus: orders.payStatus,
      netSignNumber: orders.netSignNumber,
      lockReleasedAt: orders.lockReleasedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!existing) throw new AppError('NOT_FOUND', '订单不存在');
  if (existing.netSignNumber) throw new AppError('ORDER_STATE_INVALID', '该订单已登记网签');
  if (existing.payStatus === PAY_STATUS.PAID && existing.lockReleasedAt) {
    throw new AppError('ORDER_LOCK_LOST');
  }
  throw new AppError('ORDER_STATE_INVALID', '只有已缴纳订约金的订单可以登记网签');
}

/**
 * Attaches an uploaded invoice or receipt file to an order; the buyer sees and downloads it in
 * the order detail and gets a notice. Audited with the order's file list before and after.
 */
export async function attachOrderFile(
  db: Db,
  actorId: number,
  orderId: number,
  kind: 'invoice' | 'receipt',
  path: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const column = kind === 'invoice' ? orders.invoicePaths : orders.receiptPaths;
    const field = kind === 'invoice' ? 'invoicePaths' : 'receiptPaths';
    const [order] = await tx
      .update(orders)
      .set(
        kind === 'invoice'
          ? { invoicePaths: sql`array_append(${column}, ${path})` }
          : { receiptPaths: sql`array_append(${column}, ${path})` },
      )
      .where(eq(orders.id, orderId))
      .returning({
        userId: orders.userId,
        orderNo: orders.orderNo,
        houseName: orders.houseName,
        payStatus: orders.payStatus,
        paths: column,
      });
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    const label = kind === 'invoice' ? '发票' : '收据';
    await recordOrderEvent(tx, {
      orderId,
      userId: order.userId,
      step: null,
      status: order.payStatus,
      operation: `上传${label}`,
      notice: `您的${orderNamed(order)}有新的${label}，可在订单详情中查看和下载。`,
      at: new Date(),
    });
    await recordAudit(tx, {
      actorId,
      action: kind === 'invoice' ? 'order.invoice' : 'order.receipt',
      targetType: 'order',
      targetId: orderId,
      // The row lock of the update makes the list before it exactly the new list minus its last.
      before: { [field]: order.paths.slice(0, -1) },
      after: { [field]: order.paths, path },
    });
  });
}
