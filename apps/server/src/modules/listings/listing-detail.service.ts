import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import type { ListingDetail, Publisher } from '@portal/shared/schemas/listings';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../access/index';
import { countView, type Visitor } from '../activity/index';
import {
  findListing,
  findOwnListing,
  getPublisher,
  readListingDetail,
} from './listing-detail.queries';
import type { ListingRow } from './listings.queries';

type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** Visitors see published listings only; the owner and operators also see the others. */
function mayView(row: { publishStatus: number; userId: number }, viewer: Viewer): boolean {
  const isPublic = row.publishStatus === LISTING_STATUS.PUBLISHED;
  return isPublic || viewer?.id === row.userId || viewer?.role === 'admin';
}

/**
 * The detail of detailscs / detailscz. Visitors see published listings only; the owner and
 * operators also see the others (preview, with the state and the operator's reason), and any
 * other listing answers 70002 like a missing one. A visitor's first view of the day of a
 * published listing counts towards 关注度; a crawler's never does
 * (docs/product/activity-figures.md).
 */
export async function showListingDetail(
  db: Db,
  id: number,
  viewer: Viewer,
  isCollected: (listingId: number) => Promise<boolean>,
  visitor: Visitor | null = null,
): Promise<ListingDetail> {
  const row = await findListing(db, id);
  if (!mayView(row, viewer)) throw new AppError('LISTING_NOT_FOUND');
  const isOwner = viewer?.id === row.userId;
  const countsView =
    row.publishStatus === LISTING_STATUS.PUBLISHED &&
    !isOwner &&
    (await countView(db, { targetType: 'listing', targetId: id }, visitor));
  if (countsView) {
    await db
      .update(secondHandListings)
      .set({ viewCount: sql`${secondHandListings.viewCount} + 1` })
      .where(eq(secondHandListings.id, id));
  }
  const reader = viewer ? { id: viewer.id, isOwner } : null;
  return readListingDetail(db, row, reader, countsView ? 1 : 0, isCollected);
}

/** The publisher of a listing the viewer may see (房聊对象); 70002 otherwise. */
export async function showPublisher(db: Db, id: number, viewer: Viewer): Promise<Publisher> {
  const row = await findListing(db, id);
  if (!mayView(row, viewer)) throw new AppError('LISTING_NOT_FOUND');
  return getPublisher(db, row.userId);
}

/**
 * A listing its owner may handle: another user's listing answers the same 70002 as a missing
 * one, so ids of others' unpublished listings cannot be probed.
 */
export async function requireOwnListing(db: Db, userId: number, id: number): Promise<ListingRow> {
  const row = await findOwnListing(db, userId, id);
  if (!row) throw new AppError('LISTING_NOT_FOUND');
  return row;
}
