import { PAY_STATUS } from '@portal/shared/status';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { projects } from '../projects/tables';

/*
 * The reads of the fair-lock rules (`order-fairness.ts`, docs/product/orders.md). Order creation
 * runs them on its transaction, under the identity's lock.
 */

/** The live orders of an identity: awaiting payment, or paid and still holding its room. */
export const liveOrder = or(
  eq(orders.payStatus, PAY_STATUS.AWAITING_PAYMENT),
  and(
    inArray(orders.payStatus, [PAY_STATUS.PAID, PAY_STATUS.REFUNDING]),
    isNull(orders.lockReleasedAt),
    isNull(orders.netSignNumber),
  ),
);

/** The identity's live orders, newest first. */
export async function liveOrdersOf(db: Db, identityHash: string) {
  return db
    .select({
      projectId: orders.projectId,
      houseName: orders.houseName,
      payStatus: orders.payStatus,
      payExpireTime: orders.payExpireTime,
      expireTime: orders.expireTime,
    })
    .from(orders)
    .where(and(eq(orders.identityHash, identityHash), liveOrder))
    .orderBy(desc(orders.createdAt));
}

/** How many live orders of its own rooms a project lets one identity hold; null for no project. */
export async function identityOrderLimitOf(db: Db, projectId: number): Promise<number | null> {
  const [project] = await db
    .select({ limit: projects.identityOrderLimit })
    .from(projects)
    .where(eq(projects.id, projectId));
  return project?.limit ?? null;
}

/** The identity's unpaid orders cancelled or timed out with a payment deadline after `since`. */
export async function closedUnpaidOrdersOf(db: Db, identityHash: string, since: Date) {
  return db
    .select({ cancelTime: orders.cancelTime, payExpireTime: orders.payExpireTime })
    .from(orders)
    .where(
      and(
        eq(orders.identityHash, identityHash),
        inArray(orders.payStatus, [PAY_STATUS.CANCELLED, PAY_STATUS.TIMED_OUT]),
        gt(orders.payExpireTime, since),
      ),
    );
}
