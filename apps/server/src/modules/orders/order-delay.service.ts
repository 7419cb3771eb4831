import {
  DELAY_DAYS,
  DELAY_STATUS,
  DELAY_WINDOW_HOURS,
  PAY_STATUS,
  REASON_REQUIRED_MESSAGE,
} from '@portal/shared/schemas/orders';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from './order-events';
import { ownOrder, type OrderRow } from './own-order';

const HOUR_MS = 3_600_000;

/** Whether a paid lock may apply for its one delay at `now` (docs/product/orders.md). */
export function canDelay(row: OrderRow, now: Date): boolean {
  if (row.payStatus !== PAY_STATUS.paid || row.delayStatus !== DELAY_STATUS.none) return false;
  if (row.lockReleasedAt || !row.expireTime) return false;
  const left = row.expireTime.getTime() - now.getTime();
  return left > 0 && left <= DELAY_WINDOW_HOURS * HOUR_MS;
}

/**
 * Delay (docs/product/orders.md): a paid lock within one day (24 h) of its end is extended by
 * 3 days, once, for the reason given (required, docs/product/orders.md: 必填项不能为空, 10001). The order and
 * the room's lock end move together. 60011 outside the window, 60012 when the delay was used or
 * given up, 60004 at another pay status.
 */
export async function applyDelay(
  db: Db,
  userId: number,
  orderId: number,
  reason: string,
  now = new Date(),
): Promise<{ expireTime: string }> {
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED_MESSAGE);
  const windowEnd = new Date(now.getTime() + DELAY_WINDOW_HOURS * HOUR_MS);
  const extended = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        expireTime: sql`${orders.expireTime} + make_interval(days => ${DELAY_DAYS})`,
        delayStatus: DELAY_STATUS.delayed,
        delayApplyTime: now,
        delayReason: text,
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

/**
 * Give up the delay (docs/product/orders.md): a paid lock that has not used its delay marks it given up; the
 * remark is optional.
 */
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
