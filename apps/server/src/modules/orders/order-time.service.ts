import {
  DELAY_DAYS,
  DELAY_STATUS,
  DELAY_WINDOW_HOURS,
  PAY_STATUS,
  REFUND_STATUS,
  type OrderRefund,
} from '@portal/shared/schemas/orders';
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments, rooms, users } from '../../db/schema/index';
import type { BankGateway } from '../../integrations/bank/index';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from './order-events';
import { refundNumberOf } from './payment.service';

const HOUR_MS = 3_600_000;

type OrderRow = typeof orders.$inferSelect;

async function ownOrder(db: Db, userId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', '订单不存在');
  return row;
}

/** Whether a paid lock may apply for its one delay at `now` (DECISIONS #10). */
export function canDelay(row: OrderRow, now: Date): boolean {
  if (row.payStatus !== PAY_STATUS.paid || row.delayStatus !== DELAY_STATUS.none) return false;
  if (row.lockReleasedAt || !row.expireTime) return false;
  const left = row.expireTime.getTime() - now.getTime();
  return left > 0 && left <= DELAY_WINDOW_HOURS * HOUR_MS;
}

/**
 * Delay (spec 2 §4, DECISIONS #10): a paid lock within one day of its end is extended by 3 days,
 * once. The order and the room's lock end move together. 60011 outside the window, 60012 when
 * the delay was used or given up, 60004 at another pay status.
 */
export async function applyDelay(
  db: Db,
  userId: number,
  orderId: number,
  reason: string | undefined,
  now = new Date(),
): Promise<{ expireTime: string }> {
  const windowEnd = new Date(now.getTime() + DELAY_WINDOW_HOURS * HOUR_MS);
  const extended = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        expireTime: sql`${orders.expireTime} + make_interval(days => ${DELAY_DAYS})`,
        delayStatus: DELAY_STATUS.delayed,
        delayApplyTime: now,
        delayReason: reason || null,
        allowDelay: false,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.payStatus, PAY_STATUS.paid),
          eq(orders.delayStatus, DELAY_STATUS.none),
          isNull(orders.lockReleasedAt),
          gt(orders.expireTime, now),
          lte(orders.expireTime, windowEnd),
        ),
      )
      .returning({ roomId: orders.roomId, orderNo: orders.orderNo, expireTime: orders.expireTime });
    if (!order?.expireTime) return null;
    await tx
      .update(rooms)
      .set({ lockExpireTime: order.expireTime, delayStatus: DELAY_STATUS.delayed })
      .where(and(eq(rooms.id, order.roomId), eq(rooms.saleStatus, 'blue')));
    await recordOrderEvent(tx, {
      orderId,
      userId,
      step: null,
      status: PAY_STATUS.paid,
      operation: `申请延期，锁定期延长${DELAY_DAYS}天`,
      notice: `您的订单${order.orderNo}已延期${DELAY_DAYS}天，锁定期顺延。`,
      at: now,
    });
    return order.expireTime;
  });
  if (extended) return { expireTime: extended.toISOString() };
  const order = await ownOrder(db, userId, orderId);
  if (order.payStatus !== PAY_STATUS.paid || order.lockReleasedAt) {
    throw new AppError('ORDER_STATE_INVALID', '只有已缴纳订约金且处于锁定期的订单可以延期');
  }
  if (order.delayStatus === DELAY_STATUS.givenUp) {
    throw new AppError('DELAY_ALREADY_USED', '您已放弃延期，不能再申请');
  }
  if (order.delayStatus !== DELAY_STATUS.none) throw new AppError('DELAY_ALREADY_USED');
  throw new AppError('DELAY_NOT_ALLOWED');
}

/** Give up the delay (spec 2 §4): a paid lock that has not used its delay marks it given up. */
export async function giveUpDelay(
  db: Db,
  userId: number,
  orderId: number,
  remark: string | undefined,
  now = new Date(),
): Promise<void> {
  const done = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ delayStatus: DELAY_STATUS.givenUp, delayRemark: remark || null })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.payStatus, PAY_STATUS.paid),
          eq(orders.delayStatus, DELAY_STATUS.none),
          isNull(orders.lockReleasedAt),
        ),
      )
      .returning({ roomId: orders.roomId, orderNo: orders.orderNo });
    if (!order) return false;
    await tx
      .update(rooms)
      .set({ delayStatus: DELAY_STATUS.givenUp })
      .where(and(eq(rooms.id, order.roomId), eq(rooms.saleStatus, 'blue')));
    await recordOrderEvent(tx, {
      orderId,
      userId,
      step: null,
      status: PAY_STATUS.paid,
      operation: '放弃延期',
      notice: `您已放弃订单${order.orderNo}的延期，锁定期到期后房源将释放。`,
      at: now,
    });
    return true;
  });
  if (done) return;
  const order = await ownOrder(db, userId, orderId);
  if (order.payStatus === PAY_STATUS.paid && !order.lockReleasedAt) {
    throw new AppError('DELAY_ALREADY_USED', '延期已申请或已放弃，不能重复操作');
  }
  throw new AppError('ORDER_STATE_INVALID', '只有已缴纳订约金且处于锁定期的订单可以放弃延期');
}

/**
 * Refund application (spec 2 §3–§4): a paid order (3) whose refund was not applied for or was
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
  const done = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        payStatus: PAY_STATUS.refunding,
        refundStatus: REFUND_STATUS.pending,
        refundIntention: input.refundIntention,
        refundRemark: input.remark || null,
        refundApplyTime: now,
        refundFailReason: null,
        refundOrderNo: sql`coalesce(${orders.refundOrderNo}, 'TK' || substr(${orders.orderNo}, 3))`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.payStatus, PAY_STATUS.paid),
          inArray(orders.refundStatus, [REFUND_STATUS.none, REFUND_STATUS.rejected]),
        ),
      )
      .returning({ orderNo: orders.orderNo });
    if (!order) return false;
    const intention = input.refundIntention === 2 ? '退款并解除合同' : '仅退款';
    await recordOrderEvent(tx, {
      orderId,
      userId,
      step: null,
      status: PAY_STATUS.refunding,
      operation: `申请退还订约金（${intention}）`,
      notice: `您的订单${order.orderNo}退款申请已提交，请等待审核。`,
      at: now,
    });
    return true;
  });
  if (done) return;
  await ownOrder(db, userId, orderId);
  throw new AppError('REFUND_NOT_ALLOWED');
}

async function requireOperator(db: Db, adminId: number): Promise<void> {
  const [admin] = await db.select({ role: users.role }).from(users).where(eq(users.id, adminId));
  if (admin?.role !== 'admin') throw new AppError('FORBIDDEN');
}

/**
 * Operator confirms a pending refund (issue 11 console): payStatus 4 → 5, refund status 2 → 3,
 * the refund recorded as a `payments` row of kind refund, the room released if it was still held,
 * and step 5 订约金退还 reached. With a bank gateway the refund goes through the bank.
 */
export async function confirmRefund(
  db: Db,
  orderId: number,
  adminId: number,
  options: { bank?: BankGateway | null; now?: Date } = {},
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
        set: { status: 'paid', amountFen, bankTradeNo: bankRefundNo, paidAt: now },
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
