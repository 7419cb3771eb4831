import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { notHiddenByReports } from './listings.queries';

/*
 * The public listings as the page heads and the sitemap see them (modules/seo): the listings
 * module says which listings are public, the pages only describe them.
 */

/**
 * What the page head of a published listing of one type (sale or rent) says of it; null when it
 * is missing, of the other type or not published.
 */
export async function findPublishedListingHead(db: Db, id: number, type: number) {
  const [row] = await db
    .select({
      title: secondHandListings.title,
      communityName: secondHandListings.communityName,
      buildArea: secondHandListings.buildArea,
      price: secondHandListings.price,
      description: secondHandListings.description,
      coverPath: secondHandListings.coverPath,
    })
    .from(secondHandListings)
    .where(
      and(
        eq(secondHandListings.id, id),
        eq(secondHandListings.type, type),
        eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
      ),
    );
  return row ?? null;
}

/**
 * Every published listing with its type and last change, by id, except those hidden from search
 * by citizens' reports until an operator decides them.
 */
export async function listPublicListingStamps(
  db: Db,
): Promise<Array<{ id: number; type: number; updatedAt: Date }>> {
  return db
    .select({
      id: secondHandListings.id,
      type: secondHandListings.type,
      updatedAt: secondHandListings.updatedAt,
    })
    .from(secondHandListings)
    .where(
      and(eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED), notHiddenByReports()),
    )
    .orderBy(asc(secondHandListings.id));
}
