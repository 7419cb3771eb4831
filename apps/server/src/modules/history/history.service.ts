import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { formatRent, formatSalePrice, formatUnitPrice } from '@portal/shared/format';
import {
  HISTORY_LIMIT,
  type HistoryEntry,
  type HistoryRecord,
} from '@portal/shared/schemas/history';
import { PROJECT_STATUS } from '@portal/shared/status';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { browsingHistory, districts, projects, secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findPublishedListing } from '../listings/index';

async function assertViewable(db: Db, input: HistoryRecord): Promise<void> {
  if (input.businessType === 'LISTING') {
    if (!(await findPublishedListing(db, input.businessId)))
      throw new AppError('NOT_FOUND', '房源不存在或已下架');
    return;
  }
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.id, input.businessId), eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '楼盘不存在或已下架');
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

/** The caller's history, newest view first, with what each row links to and shows. */
export async function listHistory(db: Db, userId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(browsingHistory)
    .where(eq(browsingHistory.userId, userId))
    .orderBy(desc(browsingHistory.viewedAt), desc(browsingHistory.id))
    .limit(HISTORY_LIMIT);
  const projectIds = rows.filter((r) => r.businessType === 'PROJECT').map((r) => r.businessId);
  const listingIds = rows.filter((r) => r.businessType === 'LISTING').map((r) => r.businessId);
  const [projectRows, listingRows] = await Promise.all([
    projectIds.length === 0
      ? []
      : db
          .select({
            id: projects.id,
            name: projects.publishName,
            coverPath: projects.coverPath,
            price: projects.platformPrice,
            status: projects.publishStatus,
            districtName: districts.name,
          })
          .from(projects)
          .innerJoin(districts, eq(districts.code, projects.districtCode))
          .where(inArray(projects.id, projectIds)),
    listingIds.length === 0
      ? []
      : db
          .select({
            id: secondHandListings.id,
            type: secondHandListings.type,
            title: secondHandListings.title,
            coverPath: secondHandListings.coverPath,
            price: secondHandListings.price,
            status: secondHandListings.publishStatus,
            districtName: districts.name,
          })
          .from(secondHandListings)
          .innerJoin(districts, eq(districts.code, secondHandListings.districtCode))
          .where(inArray(secondHandListings.id, listingIds)),
  ]);
  const projectById = new Map(projectRows.map((p) => [p.id, p]));
  const listingById = new Map(listingRows.map((l) => [l.id, l]));
  const entries: HistoryEntry[] = [];
  for (const row of rows) {
    const viewedAt = row.viewedAt.toISOString();
    if (row.businessType === 'PROJECT') {
      const p = projectById.get(row.businessId);
      if (!p) continue;
      entries.push({
        businessType: 'PROJECT',
        businessId: p.id,
        kind: 'project',
        title: p.name,
        coverUrl: p.coverPath,
        districtName: p.districtName,
        priceText: formatUnitPrice(p.price),
        available: p.status === PROJECT_STATUS.PUBLISHED,
        viewedAt,
      });
    } else {
      const l = listingById.get(row.businessId);
      if (!l) continue;
      entries.push({
        businessType: 'LISTING',
        businessId: l.id,
        kind: l.type === 2 ? 'rent' : 'sale',
        title: l.title,
        coverUrl: l.coverPath,
        districtName: l.districtName,
        priceText: l.type === 2 ? formatRent(l.price) : formatSalePrice(l.price),
        available: l.status === LISTING_STATUS.PUBLISHED,
        viewedAt,
      });
    }
  }
  return entries;
}

/** Clears the caller's whole history; answers how many rows were removed. */
export async function clearHistory(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(browsingHistory)
    .where(eq(browsingHistory.userId, userId))
    .returning({ id: browsingHistory.id });
  return removed.length;
}
