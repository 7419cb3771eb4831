import type { ListingTypeCode } from '@portal/shared/constants/listings';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingDrafts } from '../../db/schema/index';

export type ListingDraftRow = typeof listingDrafts.$inferSelect;

/** The caller's draft of one listing type, or null. */
export async function findOwnDraft(
  db: Db,
  userId: number,
  type: ListingTypeCode,
): Promise<ListingDraftRow | null> {
  const [row] = await db
    .select()
    .from(listingDrafts)
    .where(and(eq(listingDrafts.userId, userId), eq(listingDrafts.type, type)));
  return row ?? null;
}
