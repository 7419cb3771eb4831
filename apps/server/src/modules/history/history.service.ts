import { HISTORY_LIMIT, type HistoryRecord } from '@portal/shared/schemas/history';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { browsingHistory } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findPublishedListing } from '../listings/index';
import { isPublishedProject } from '../projects/index';

async function assertViewable(db: Db, input: HistoryRecord): Promise<void> {
  if (input.businessType === 'LISTING') {
    if (!(await findPublishedListing(db, input.businessId)))
      throw new AppError('NOT_FOUND', '房源不存在或已下架');
    return;
  }
  if (!(await isPublishedProject(db, input.businessId)))
    throw new AppError('NOT_FOUND', '楼盘不存在或已下架');
}

/**
 * Records that the caller opened a public project or listing: one row per thing, its time moved
 * to now on every view, and only the newest {@link HISTORY_LIMIT} rows of the user kept.
 */
export async function recordView(db: Db, userId: number, input: HistoryRecord): Promise<void> {
  await assertViewable(db, input);
  await db.transaction(async (tx) => {
    await tx
      .insert(browsingHistory)
      .values({ userId, businessType: input.businessType, businessId: input.businessId })
      .onConflictDoUpdate({
        target: [browsingHistory.userId, browsingHistory.businessType, browsingHistory.businessId],
        set: { viewedAt: sql`now()` },
      });
    const keep = tx
      .select({ id: browsingHistory.id })
      .from(browsingHistory)
      .where(eq(browsingHistory.userId, userId))
      .orderBy(desc(browsingHistory.viewedAt), desc(browsingHistory.id))
      .limit(HISTORY_LIMIT);
    await tx
      .delete(browsingHistory)
      .where(and(eq(browsingHistory.userId, userId), notInArray(browsingHistory.id, keep)));
  });
}

/** Clears the caller's whole history; answers how many rows were removed. */
export async function clearHistory(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(browsingHistory)
    .where(eq(browsingHistory.userId, userId))
    .returning({ id: browsingHistory.id });
  return removed.length;
}
