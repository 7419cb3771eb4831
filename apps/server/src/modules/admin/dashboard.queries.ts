import type { AdminDashboard } from '@portal/shared/schemas/admin';
import { count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback, orders, secondHandListings, users } from '../../db/schema/index';

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the current Beijing calendar day, as an instant. */
export function startOfBeijingDay(now: Date): Date {
  const local = now.getTime() + BEIJING_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - BEIJING_OFFSET_MS);
}

/** Listing publish status 2 待审核; refund status 2 pending. */
const LISTING_PENDING = 2;
const REFUND_PENDING = 2;

/**
 * The console's landing counts, read straight from the tables (no cache): today's orders by pay
 * status, the review / reply / refund queues, and new users today.
 */
export async function getDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const today = startOfBeijingDay(now);
  const [byStatus, [listings], [replies], [refunds], [newUsers], [allUsers]] = await Promise.all([
    db
      .select({ payStatus: orders.payStatus, count: count() })
      .from(orders)
      .where(gte(orders.createdAt, today))
      .groupBy(orders.payStatus)
      .orderBy(orders.payStatus),
    db
      .select({ value: count() })
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, LISTING_PENDING)),
    db.select({ value: count() }).from(feedback).where(eq(feedback.state, 'pending')),
    db.select({ value: count() }).from(orders).where(eq(orders.refundStatus, REFUND_PENDING)),
    db.select({ value: count() }).from(users).where(gte(users.createdAt, today)),
    db.select({ value: count() }).from(users),
  ]);
  return {
    todayOrders: byStatus,
    todayOrderTotal: byStatus.reduce((sum, row) => sum + row.count, 0),
    listingsPending: listings?.value ?? 0,
    feedbackPending: replies?.value ?? 0,
    refundsPending: refunds?.value ?? 0,
    newUsersToday: newUsers?.value ?? 0,
    usersTotal: allUsers?.value ?? 0,
  };
}
