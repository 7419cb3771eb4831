import { beijingDate, startOfBeijingDay } from '@portal/shared/beijing-time';
import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import type { AdminDashboard } from '@portal/shared/schemas/admin';
import { PAY_STATUS, REFUND_STATUS, FEEDBACK_STATUS } from '@portal/shared/status';
import { count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/tables';
import { feedback } from '../feedback/tables';
import { secondHandListings } from '../listings/tables';
import { orders } from '../orders/tables';

/**
 * The console's landing counts, read straight from the tables (no cache): today's orders by pay
 * status, the review / reply / refund queues, refunds the bank refused, and new users today.
 * `today` is the Beijing day the counts cover, so the links open the same slice of each queue.
 */
export async function getDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const today = startOfBeijingDay(now);
  const countOf = async (query: PromiseLike<Array<{ value: number }>>) =>
    (await query)[0]?.value ?? 0;
  const [byStatus, listings, replies, refunds, failed, newUsers, allUsers] = await Promise.all([
    db
      .select({ payStatus: orders.payStatus, count: count() })
      .from(orders)
      .where(gte(orders.createdAt, today))
      .groupBy(orders.payStatus)
      .orderBy(orders.payStatus),
    countOf(
      db
        .select({ value: count() })
        .from(secondHandListings)
        .where(eq(secondHandListings.publishStatus, LISTING_STATUS.PENDING)),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(feedback)
        .where(eq(feedback.state, FEEDBACK_STATUS.PENDING)),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(orders)
        .where(eq(orders.refundStatus, REFUND_STATUS.PENDING)),
    ),
    countOf(
      db
        .select({ value: count() })
        .from(orders)
        .where(eq(orders.payStatus, PAY_STATUS.REFUND_FAILED)),
    ),
    countOf(db.select({ value: count() }).from(users).where(gte(users.createdAt, today))),
    countOf(db.select({ value: count() }).from(users)),
  ]);
  return {
    todayOrders: byStatus,
    todayOrderTotal: byStatus.reduce((sum, row) => sum + row.count, 0),
    listingsPending: listings,
    feedbackPending: replies,
    refundsPending: refunds,
    refundsFailed: failed,
    newUsersToday: newUsers,
    usersTotal: allUsers,
    today: beijingDate(now),
  };
}
