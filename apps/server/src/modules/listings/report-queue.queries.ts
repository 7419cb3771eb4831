import { CLOSED_ACCOUNT_NAME } from '@portal/shared/constants/accounts';
import {
  LISTING_REPORT_LIMITS,
  LISTING_REPORT_STATUS,
} from '@portal/shared/constants/listing-trust';
import { maskPhone } from '@portal/shared/format';
import type { AdminReport, AdminReportGroup } from '@portal/shared/schemas/listings/admin';
import { and, asc, count, desc, eq, inArray, max, min, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { listingReportPhotos, listingReports, secondHandListings } from '../../db/schema/index';
import { users } from '../auth/tables';
import { type ListingStorage, signPictureUrl } from './listing-files';
import { countingReportsOf, toCards } from './listings.queries';

const R = listingReports;
const isOpen = eq(R.status, LISTING_REPORT_STATUS.OPEN);

type Ring = { reporters: number; listings: number };

/**
 * Report rings of the given listings: for each, the other listings on which at least two of its
 * open reporters have reported (any outcome), and how many of its reporters took part. A ring
 * shows when they share at least `ringMinListings` other listings.
 */
async function reportRings(db: Db, ids: number[]): Promise<Map<number, Ring>> {
  if (ids.length === 0) return new Map();
  const open = alias(R, 'open_report');
  const other = alias(R, 'other_report');
  // Each open reporter of the listings with every other listing they reported.
  const pairs = await db
    .selectDistinct({
      listingId: open.listingId,
      otherId: other.listingId,
      reporterId: other.reporterId,
    })
    .from(open)
    .innerJoin(
      other,
      and(eq(other.reporterId, open.reporterId), ne(other.listingId, open.listingId)),
    )
    .where(and(eq(open.status, LISTING_REPORT_STATUS.OPEN), inArray(open.listingId, ids)));
  const together = new Map<number, Map<number, Set<number>>>();
  for (const pair of pairs) {
    const byOther = together.get(pair.listingId) ?? new Map<number, Set<number>>();
    together.set(pair.listingId, byOther);
    const reporters = byOther.get(pair.otherId) ?? new Set<number>();
    byOther.set(pair.otherId, reporters);
    reporters.add(pair.reporterId);
  }
  const rings = new Map<number, Ring>();
  for (const [listingId, byOther] of together) {
    const shared = [...byOther.values()].filter((reporters) => reporters.size >= 2);
    if (shared.length < LISTING_REPORT_LIMITS.ringMinListings) continue;
    const members = new Set(shared.flatMap((reporters) => [...reporters]));
    rings.set(listingId, { reporters: members.size, listings: shared.length });
  }
  return rings;
}

/**
 * The operator's report queue: listings with open reports, one row each with the count, the
 * count per reason and the first and latest report; the most reported first, then the longest
 * waiting.
 */
export async function listReportQueue(
  db: Db,
  paging: { pageNum: number; pageSize: number },
): Promise<{ list: AdminReportGroup[]; total: number; pageNum: number; pageSize: number }> {
  const openCount = count(R.id);
  const firstAt = min(R.createdAt);
  const [groups, [total]] = await Promise.all([
    db
      .select({ listingId: R.listingId, openCount, firstAt, latestAt: max(R.createdAt) })
      .from(R)
      .where(isOpen)
      .groupBy(R.listingId)
      .orderBy(desc(openCount), asc(firstAt), asc(R.listingId))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    db
      .select({ value: sql<number>`count(distinct ${R.listingId})::int` })
      .from(R)
      .where(isOpen),
  ]);
  const ids = groups.map((g) => g.listingId);
  const [rows, reasonRows, countingRows, rings] = await Promise.all([
    ids.length === 0
      ? []
      : db.select().from(secondHandListings).where(inArray(secondHandListings.id, ids)),
    ids.length === 0
      ? []
      : db
          .select({ listingId: R.listingId, reason: R.reason, count: count(R.id) })
          .from(R)
          .where(and(isOpen, inArray(R.listingId, ids)))
          .groupBy(R.listingId, R.reason),
    ids.length === 0
      ? []
      : db
          .select({
            id: secondHandListings.id,
            counting: countingReportsOf(sql`${secondHandListings}.id`),
          })
          .from(secondHandListings)
          .where(inArray(secondHandListings.id, ids)),
    reportRings(db, ids),
  ]);
  const counting = new Map(countingRows.map((row) => [row.id, Number(row.counting)]));
  const cards = new Map((await toCards(db, rows)).map((card) => [card.id, card]));
  const list = groups.flatMap((group) => {
    const listing = cards.get(group.listingId);
    if (!listing || !group.firstAt || !group.latestAt) return [];
    return [
      {
        listing,
        openCount: group.openCount,
        reasons: reasonRows
          .filter((r) => r.listingId === group.listingId)
          .map((r) => ({ reason: r.reason, count: r.count })),
        firstAt: group.firstAt.toISOString(),
        latestAt: group.latestAt.toISOString(),
        countingCount: counting.get(group.listingId) ?? 0,
        isHidden: (counting.get(group.listingId) ?? 0) >= LISTING_REPORT_LIMITS.hideAtReporters,
        ring: rings.get(group.listingId) ?? null,
      },
    ];
  });
  return { list, total: total?.value ?? 0, pageNum: paging.pageNum, pageSize: paging.pageSize };
}

/**
 * The reports of one listing: the open ones first (oldest first), then the decided ones (newest
 * decision first) as its history; each with the reporter's nickname (or masked phone) and
 * short-lived links to the report photos.
 */
export async function listListingReports(
  db: Db,
  storage: ListingStorage,
  listingId: number,
): Promise<AdminReport[]> {
  const rows = await db
    .select({
      id: R.id,
      reason: R.reason,
      qualified: R.qualified,
      description: R.description,
      createdAt: R.createdAt,
      status: R.status,
      outcomeNote: R.outcomeNote,
      handledAt: R.handledAt,
      reporterId: R.reporterId,
      nickname: users.nickname,
      phone: users.phone,
      closedAt: users.closedAt,
    })
    .from(R)
    .innerJoin(users, eq(users.id, R.reporterId))
    .where(eq(R.listingId, listingId))
    .orderBy(
      sql`${R.status} = ${LISTING_REPORT_STATUS.OPEN} desc`,
      sql`${R.handledAt} desc nulls first`,
      asc(R.createdAt),
      asc(R.id),
    )
    .limit(200);
  const photos =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(listingReportPhotos)
          .where(
            inArray(
              listingReportPhotos.reportId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(listingReportPhotos.sort));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      reporterName: row.closedAt
        ? CLOSED_ACCOUNT_NAME
        : row.nickname?.trim() || (row.phone ? maskPhone(row.phone) : `用户${row.reporterId}`),
      qualified: row.qualified,
      reason: row.reason,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      outcomeNote: row.outcomeNote,
      handledAt: row.handledAt?.toISOString() ?? null,
      photos: await Promise.all(
        photos
          .filter((p) => p.reportId === row.id)
          .map(async (p) => ({ path: p.path, url: await signPictureUrl(storage, p.path) })),
      ),
    })),
  );
}

/** Open reports per listing, for the console's listing rows. */
export async function openReportCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ listingId: R.listingId, count: count(R.id) })
    .from(R)
    .where(and(isOpen, inArray(R.listingId, ids)))
    .groupBy(R.listingId);
  return new Map(rows.map((row) => [row.listingId, row.count]));
}
