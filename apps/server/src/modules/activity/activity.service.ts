import { beijingDate } from '@portal/shared/beijing-time';
import type { ActivityTarget } from '@portal/shared/schemas/activity';
import type { Db } from '../../db/client';
import { dailyViews } from '../../db/schema/index';
import type { Visitor } from './visitor';

/**
 * Counts a visit once per visitor per (Beijing) day: true when this was the visitor's first read
 * of the target today. Crawlers arrive here as a null visitor and are never counted.
 */
export async function countView(
  db: Db,
  target: ActivityTarget,
  visitor: Visitor | null,
  now = new Date(),
): Promise<boolean> {
  if (!visitor) return false;
  const inserted = await db
    .insert(dailyViews)
    .values({ ...target, visitorKey: visitor.key, day: beijingDate(now) })
    .onConflictDoNothing()
    .returning({ day: dailyViews.day });
  return inserted.length > 0;
}
