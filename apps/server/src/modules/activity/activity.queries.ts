import { beijingDate } from '@portal/shared/beijing-time';
import type { ActivityFigures, ActivityTarget } from '@portal/shared/schemas/activity';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyViews } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { chatConversations } from '../chat/tables';
import { favourites } from '../favourites/tables';
import { isPublicListing, secondHandListings } from '../listings/tables';
import { isPublicProject, projects } from '../projects/tables';

const DAY_MS = 86_400_000;

/** When the public target went on the market, or a 404 when it is not public. */
export async function marketStart(
  db: Db,
  { targetType, targetId }: ActivityTarget,
): Promise<Date | null> {
  if (targetType === 'listing') {
    const [row] = await db
      .select({ publishTime: secondHandListings.publishTime })
      .from(secondHandListings)
      .where(and(eq(secondHandListings.id, targetId), isPublicListing()));
    if (!row) throw new AppError('LISTING_NOT_FOUND');
    return row.publishTime;
  }
  const [row] = await db
    .select({ openDate: projects.lastOpenDate })
    .from(projects)
    .where(and(eq(projects.id, targetId), isPublicProject()));
  if (!row) throw new AppError('MAP_MARKER_NOT_FOUND');
  return row.openDate ? new Date(`${row.openDate}T00:00:00+08:00`) : null;
}

/**
 * The activity figures of a public project or listing: days on market (whole days), visitors of
 * the last 30 days counted once a day, followers (收藏) and, for a listing, 房聊 conversations
 * started about it.
 */
export async function readActivityFigures(
  db: Db,
  target: ActivityTarget,
  now = new Date(),
): Promise<ActivityFigures> {
  const start = await marketStart(db, target);
  const since = beijingDate(new Date(now.getTime() - 29 * DAY_MS));
  const business = target.targetType === 'listing' ? 'LISTING' : 'PROJECT';
  const [[views], [followers], conversations] = await Promise.all([
    db
      .select({ n: count() })
      .from(dailyViews)
      .where(
        and(
          eq(dailyViews.targetType, target.targetType),
          eq(dailyViews.targetId, target.targetId),
          gte(dailyViews.day, since),
        ),
      ),
    db
      .select({ n: count() })
      .from(favourites)
      .where(
        and(eq(favourites.businessType, business), eq(favourites.businessId, target.targetId)),
      ),
    target.targetType === 'listing'
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(chatConversations)
          .where(eq(chatConversations.listingId, target.targetId))
      : Promise.resolve(null),
  ]);
  return {
    daysOnMarket:
      start && start.getTime() <= now.getTime()
        ? Math.floor((now.getTime() - start.getTime()) / DAY_MS)
        : null,
    views30d: views?.n ?? 0,
    followers: followers?.n ?? 0,
    conversations: conversations ? (conversations[0]?.n ?? 0) : null,
  };
}
