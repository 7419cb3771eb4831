import { PAY_STATUS, REFUND_STATUS } from '@portal/shared/schemas/orders';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback, orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { htmlHasText, sanitizeFeedbackHtml } from '../feedback/feedback-html';
import { replyToFeedback } from '../feedback/feedback.service';
import { rejectRefund } from '../orders/order-refund.service';
import { type BankSettings, settleDepositRefund } from './admin-refunds.service';
import { recordAudit } from './audit';

/** The feedback queue for operators: one state, oldest pending first, newest replied first. */
export async function listFeedbackQueue(
  db: Db,
  query: { state: 'pending' | 'replied'; pageNum: number; pageSize: number },
) {
  const where = eq(feedback.state, query.state);
  const order =
    query.state === 'pending'
      ? [feedback.createdAt, feedback.id]
      : [desc(feedback.replyTime), desc(feedback.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(feedback).where(where),
  ]);
  const list = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    realname: row.realname,
    phone: row.phone,
    title: row.title,
    content: sanitizeFeedbackHtml(row.content),
    state: row.state === 'replied' ? ('replied' as const) : ('pending' as const),
    createdTime: row.createdAt.toISOString(),
    reply: row.reply === null ? null : sanitizeFeedbackHtml(row.reply),
    replyTime: row.replyTime?.toISOString() ?? null,
  }));
  return { list, total: total?.value ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}

/**
 * Replies to a feedback item through the feedback module (sanitised, marked replied, the asker
 * notified) and audits it, in one transaction. An empty reply answers 400.
 */
export async function auditedReplyToFeedback(
  db: Db,
  adminId: number,
  id: number,
  html: string,
): Promise<void> {
  if (!htmlHasText(sanitizeFeedbackHtml(html))) {
    throw new AppError('VALIDATION_FAILED', '请输入回复内容');
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: feedback.state, reply: feedback.reply })
      .from(feedback)
      .where(eq(feedback.id, id));
    if (!before) throw new AppError('NOT_FOUND', '反馈不存在');
    const saved = await replyToFeedback(tx, id, adminId, html);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'feedback.reply',
      targetType: 'feedback',
      targetId: id,
      before,
      after: { state: 'replied', reply: saved.reply },
    });
  });
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
): Promise<void> {
  const outcome = await settleDepositRefund(db, adminId, orderId, settings);
  if (outcome.refund === 'failed') {
    throw new AppError(
      'BANK_UNAVAILABLE',
      `${outcome.failReason}。订单已标记为退款失败，可稍后重新退款`,
    );
  }
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
      .select({ netsignnum: orders.netsignnum })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.netsignnum) {
      throw new AppError('ORDER_STATE_INVALID', '已网签的订单须按约定退还订约金，不能驳回');
    }
    await rejectRefund(tx, orderId, adminId, reason);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'order.refundReject',
      targetType: 'order',
      targetId: orderId,
      before: { payStatus: PAY_STATUS.refunding, refundStatus: REFUND_STATUS.pending },
      after: { payStatus: PAY_STATUS.paid, refundStatus: REFUND_STATUS.rejected, reason },
    });
  });
}
