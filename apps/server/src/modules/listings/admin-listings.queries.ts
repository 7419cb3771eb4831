import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import type { AdminListing } from '@portal/shared/schemas/listings/admin';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { users } from '../auth/tables';
import { validCodesByListing } from './check-code-lookup.queries';
import { pageListings, toCards } from './listings.queries';
import { openReportCounts } from './report-queue.queries';

const L = secondHandListings;

/**
 * The console's listings of one state (and optionally one type): the review queue 待审核
 * oldest first, every other state newest first; each row with its owner's phone, open reports
 * and valid check code.
 */
export async function listAdminListings(
  db: Db,
  query: { status: number; type?: number; pageNum: number; pageSize: number },
): Promise<{ list: AdminListing[]; total: number; pageNum: number; pageSize: number }> {
  const { status, type, pageNum, pageSize } = query;
  const where = and(eq(L.publishStatus, status), type ? eq(L.type, type) : undefined) as SQL;
  const order = status === LISTING_STATUS.PENDING ? [asc(L.updatedAt), asc(L.id)] : undefined;
  const { rows, total } = await pageListings(db, where, { pageNum, pageSize }, order);
  const ids = rows.map((row) => row.id);
  const ownerIds = [...new Set(rows.map((row) => row.userId))];
  const [cards, owners, reports, codes] = await Promise.all([
    toCards(db, rows),
    ownerIds.length === 0
      ? []
      : db
          .select({ id: users.id, phone: users.phone })
          .from(users)
          .where(inArray(users.id, ownerIds)),
    openReportCounts(db, ids),
    validCodesByListing(db, ids),
  ]);
  const phoneOf = new Map(owners.map((o) => [o.id, o.phone]));
  const list = cards.map((card, index) => {
    const row = rows[index] as (typeof rows)[number];
    return {
      ...card,
      ownerId: row.userId,
      ownerPhone: phoneOf.get(row.userId) ?? null,
      createdAt: row.createdAt.toISOString(),
      openReports: reports.get(row.id) ?? 0,
      checkCode: codes.get(row.id) ?? null,
    };
  });
  return { list, total, pageNum, pageSize };
}
