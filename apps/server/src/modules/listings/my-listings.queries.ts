import { LISTING_FRESHNESS, LISTING_STATUS } from '@portal/shared/constants/listing-status';
import type { MyListing } from '@portal/shared/schemas/listing-trust';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { validCodesByListing } from './check-code-lookup.queries';
import { pageListings, toCards } from './listings.queries';

const DAY_MS = 86_400_000;

/**
 * The owner's listings of one type (/mySecondHandHouse), newest first, 20 a page, each with
 * what the owner must act on: the deadline of a confirmation request (published listings
 * only), an operator's correction request, and the valid check code.
 */
export async function listMyListings(
  db: Db,
  userId: number,
  query: { type: number; pageNum: number; pageSize: number },
): Promise<{ list: MyListing[]; total: number; pageNum: number; pageSize: number }> {
  const where = and(eq(secondHandListings.userId, userId), eq(secondHandListings.type, query.type));
  const { rows, total } = await pageListings(db, where!, query);
  const [cards, codes] = await Promise.all([
    toCards(db, rows),
    validCodesByListing(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const list = cards.map((card, index) => {
    const row = rows[index] as (typeof rows)[number];
    const asked = row.publishStatus === LISTING_STATUS.PUBLISHED ? row.confirmRequestedAt : null;
    return {
      ...card,
      confirmDeadline: asked
        ? new Date(asked.getTime() + LISTING_FRESHNESS.graceDays * DAY_MS).toISOString()
        : null,
      correctionNote: row.correctionNote,
      correctionRequestedAt: row.correctionRequestedAt?.toISOString() ?? null,
      checkCode: codes.get(row.id) ?? null,
    };
  });
  return { list, total, pageNum: query.pageNum, pageSize: query.pageSize };
}
