import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

export type OrderRow = typeof orders.$inferSelect;

/**
 * One of the caller's own orders, or 404 (订单不存在) for an unknown order and for someone
 * else's alike, so order ids reveal nothing (every order endpoint is owner-only).
 */
export async function ownOrder(db: Db, userId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', '订单不存在');
  return row;
}
