import { PAY_STATUS } from '@portal/shared/status';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { expireTransition } from './order-transitions';

/** Orders expired per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/** Which overdue orders one call expires: all, one room's, or one buyer's. */
export interface ExpiryScope {
  roomId?: number;
  userId?: number;
}

/**
 * Runs each of a sweep's transactions. The periodic sweeper makes way there for a deposit order
 * running meanwhile and then runs the transaction in one stretch
 * (docs/decisions/0073-orders-before-public-reads.md); a sweep run from an order's own steps runs
 * them as they come.
 */
export type SweepStep = <T>(transaction: () => Promise<T>) => Promise<T>;

/** Each transaction at once, in the caller's own context. */
export const directly: SweepStep = (transaction) => transaction();

/**
 * Expires unpaid orders whose 30-minute payment window ended at or before `now` (docs/product/orders.md),
 * each through the expire transition in its own transaction (payStatus 1 → 2, the room yellow →
 * green, the pending bank payment closed, a log entry and a notice). Every update is conditional
 * on the old state, so concurrent sweepers (or a read or create that sweeps its own scope first)
 * expire each order exactly once. Returns the number of orders it expired. Each transaction
 * runs through `step`.
 */
export async function expireUnpaidOrders(
  db: Db,
  now: Date,
  options: ExpiryScope = {},
  step: SweepStep = directly,
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.payStatus, PAY_STATUS.AWAITING_PAYMENT),
        lte(orders.payExpireTime, now),
        options.roomId === undefined ? undefined : eq(orders.roomId, options.roomId),
        options.userId === undefined ? undefined : eq(orders.userId, options.userId),
      ),
    )
    .orderBy(asc(orders.payExpireTime))
    .limit(SWEEP_BATCH);
  let expired = 0;
  for (const { id } of due) {
    const done = await step(() =>
      db.transaction((tx) => expireTransition(tx, { id }, now, { kind: 'system' })),
    );
    if (done) expired += 1;
  }
  return expired;
}
