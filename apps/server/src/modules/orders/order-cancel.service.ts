import { REASON_REQUIRED_MESSAGE } from '@portal/shared/schemas/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { cancelTransition } from './order-transitions';

/**
 * Cancels the caller's own unpaid order (payStatus 1 → 0, docs/product/orders.md) for the reason given, which
 * is required (docs/product/orders.md: 必填项不能为空, 10001). The cancel transition changes the order only if
 * still unpaid, turns its room green again, closes its pending bank payment (pay-status stops
 * reporting it pending), and writes a log entry and notice, in one transaction. 404 for an
 * unknown order or someone else's; 60004 (409) at any other pay status.
 */
export async function cancelOrder(
  db: Db,
  userId: number,
  orderId: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED_MESSAGE);
  const cancelled = await db.transaction((tx) =>
    cancelTransition(tx, { id: orderId }, now, { kind: 'buyer', userId }, text),
  );
  if (cancelled) return;
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!existing) throw new AppError('NOT_FOUND', '订单不存在');
  throw new AppError('ORDER_STATE_INVALID', '只有待支付的订单可以取消');
}
