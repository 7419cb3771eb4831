import { PAY_STATUS } from '@portal/shared/status';
import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { directly, type SweepStep } from './order-expiry';
import { releaseLockTransition } from './order-transitions';

/** Locks released per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Releases paid locks whose expireTime is at or before `now` (docs/architecture.md, docs/product/orders.md),
 * each through the release transition in its own transaction: the room blue → green and the
 * order marked released. A lock that ends without 网签备案 means the deposit goes back: a paid
 * order (3) becomes refund pending (4, refund status 2, intention 2), an order already waiting for
 * its refund (4) keeps waiting. A used delay ends (delay status 3 → 4). Conditional on the old
 * state, so concurrent sweepers release each lock once. Returns the number of locks released.
 * Each transaction runs through `step`.
 */
export async function releaseExpiredLocks(
  db: Db,
  now: Date,
  step: SweepStep = directly,
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.payStatus, [PAY_STATUS.PAID, PAY_STATUS.REFUNDING]),
        isNull(orders.lockReleasedAt),
        isNull(orders.netSignNumber),
        lte(orders.expireTime, now),
      ),
    )
    .orderBy(asc(orders.expireTime))
    .limit(SWEEP_BATCH);
  let released = 0;
  for (const { id } of due) {
    const done = await step(() =>
      db.transaction((tx) => releaseLockTransition(tx, { id }, now, { kind: 'system' })),
    );
    if (done) released += 1;
  }
  return released;
}
