import type { Paged } from '@portal/shared/codes';
import { publicListingState } from '@portal/shared/constants/listing-status';
import type {
  FavouriteBusinessType,
  FavouriteListing,
  FavouriteNews,
  FavouriteNewsQuery,
  FavouriteToggle,
} from '@portal/shared/schemas/favourites';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favourites } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { forgetProjectFollowers } from '../../lib/read-cache';
import { isPublishedProject, moveProjectFollowers } from '../projects/index';
import {
  isPublishedArticle,
  selectFavouriteListings,
  selectFavouriteNews,
} from './favourites.queries';

/**
 * Whether a listing is public: the listings module's rule, handed in by the app (`app.ts`).
 * Listings ask this module who follows a listing, so favourites import nothing of listings.
 */
export type IsPublicListing = (db: Db, listingId: number) => Promise<boolean>;

async function assertFavouritable(
  db: Db,
  input: FavouriteToggle,
  isPublicListing: IsPublicListing,
): Promise<void> {
  if (input.businessType === 'LISTING') {
    if (!(await isPublicListing(db, input.businessId)))
      throw new AppError('NOT_FOUND', '房源不存在');
    return;
  }
  const isPublished =
    input.businessType === 'NEWS'
      ? await isPublishedArticle(db, input.businessId)
      : await isPublishedProject(db, input.businessId);
  if (!isPublished) {
    throw new AppError('NOT_FOUND', input.businessType === 'NEWS' ? '文章不存在' : '楼盘不存在');
  }
}

/**
 * Sets the caller's favourite of a project, article or listing to `collected`, idempotently. Adding
 * needs a published target (404 otherwise); removing always succeeds. A project's follower
 * count (collectNumber, 人) moves with its favourites.
 */
export async function toggleFavourite(
  db: Db,
  userId: number,
  input: FavouriteToggle,
  isPublicListing: IsPublicListing,
): Promise<{ collected: boolean }> {
  if (input.collected) await assertFavouritable(db, input, isPublicListing);
  const result = await db.transaction(async (tx) => {
    const changed = input.collected
      ? await insertFavourite(tx, userId, input.businessType, input.businessId)
      : await deleteFavourite(tx, userId, input.businessType, input.businessId);
    if (changed && input.businessType === 'PROJECT')
      await moveProjectFollowers(tx, input.businessId, input.collected ? 1 : -1);
    return { collected: input.collected };
  });
  // The project's 关注人数 moved: its kept page for visitors is written again (docs/architecture.md).
  if (input.businessType === 'PROJECT') forgetProjectFollowers(input.businessId);
  return result;
}

/** The rows a page asks for: `pageSize` of them after the pages before it. */
function pageWindow(query: { pageNum: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize };
}

/** A page of the caller's favourite articles, optionally of one news type. */
export async function listFavouriteNews(
  db: Db,
  userId: number,
  query: FavouriteNewsQuery,
): Promise<Paged<FavouriteNews>> {
  const { rows, total } = await selectFavouriteNews(db, userId, query.newsType, pageWindow(query));
  return {
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      newsType: row.newsType,
      modifiedTime: row.updatedAt.toISOString(),
      attachments: row.coverPath ? [{ path: row.coverPath }] : [],
    })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/**
 * A page of the caller's favourite second-hand listings (10 a page), in whatever state they are
 * now: a follower keeps the row of a listing that was sold, withdrawn or taken down, marked so.
 */
export async function listFavouriteListings(
  db: Db,
  userId: number,
  query: { pageNum: number; pageSize: number },
): Promise<Paged<FavouriteListing>> {
  const { rows, total } = await selectFavouriteListings(db, userId, pageWindow(query));
  return {
    list: rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      coverUrl: row.coverPath,
      price: row.price,
      bedroom: row.bedroom,
      room: row.room,
      toilet: row.toilet,
      buildArea: Number(row.buildArea),
      areaName: row.areaName,
      communityName: row.communityName,
      isOnSale: row.isPublic,
      stateText: publicListingState(row.publishStatus),
      collectedAt: row.collectedAt.toISOString(),
    })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** Adds the favourite; answers true when a row was written (false when it already existed). */
async function insertFavourite(
  db: Db,
  userId: number,
  businessType: FavouriteBusinessType,
  businessId: number,
): Promise<boolean> {
  const rows = await db
    .insert(favourites)
    .values({ userId, businessType, businessId })
    .onConflictDoNothing()
    .returning({ id: favourites.id });
  return rows.length > 0;
}

/** Removes the favourite; answers true when a row was removed. */
async function deleteFavourite(
  db: Db,
  userId: number,
  businessType: FavouriteBusinessType,
  businessId: number,
): Promise<boolean> {
  const rows = await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.businessType, businessType),
        eq(favourites.businessId, businessId),
      ),
    )
    .returning({ id: favourites.id });
  return rows.length > 0;
}
