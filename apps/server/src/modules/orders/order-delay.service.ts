import { REASON_REQUIRED_MESSAGE } from '@portal/shared/schemas/orders';
import { DELAY_STATUS, PAY_STATUS } from '@portal/shared/status';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { delayTransition, giveUpDelayTransition } from './order-transitions';
import { ownOrder } from './own-order.queries';

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
  const extended = await db.transaction((tx) =>
    delayTransition(tx, { id: orderId }, now, { kind: 'buyer', userId }, text),
  );
  if (extended) return { expireTime: extended.toISOString() };
  const order = await ownOrder(db, userId, orderId);
  if (order.payStatus !== PAY_STATUS.PAID || order.lockReleasedAt) {
    throw new AppError('ORDER_STATE_INVALID', '只有已缴纳订约金且处于锁定期的订单可以延期');
  }
  if (order.delayStatus === DELAY_STATUS.GIVEN_UP) {
    throw new AppError('DELAY_ALREADY_USED', '您已放弃延期，不能再申请');
  }
  if (order.delayStatus !== DELAY_STATUS.NONE) throw new AppError('DELAY_ALREADY_USED');
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
  const done = await db.transaction((tx) =>
    giveUpDelayTransition(tx, { id: orderId }, now, { kind: 'buyer', userId }, remark),
  );
  if (done) return;
  const order = await ownOrder(db, userId, orderId);
  if (order.payStatus === PAY_STATUS.PAID && !order.lockReleasedAt) {
    throw new AppError('DELAY_ALREADY_USED', '延期已申请或已放弃，不能重复操作');
  }
  throw new AppError('ORDER_STATE_INVALID', '只有已缴纳订约金且处于锁定期的订单可以放弃延期');
}
