import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { formatRent, formatSalePrice, formatUnitPrice } from '@portal/shared/format';
import { HISTORY_LIMIT, type HistoryEntry } from '@portal/shared/schemas/history';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { browsingHistory } from '../../db/schema/index';
import { isPublicListing } from '../listings/index';
import { secondHandListings } from '../listings/tables';
import { isPublicProject } from '../projects/index';
import { districts, projects } from '../projects/tables';

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
            available: sql<boolean>`${isPublicProject()}`,
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
            available: sql<boolean>`${isPublicListing()}`,
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
        available: p.available,
        viewedAt,
      });
    } else {
      const l = listingById.get(row.businessId);
      if (!l) continue;
      entries.push({
        businessType: 'LISTING',
        businessId: l.id,
        kind: l.type === LISTING_TYPE.RENT ? 'rent' : 'sale',
        title: l.title,
        coverUrl: l.coverPath,
        districtName: l.districtName,
        priceText: l.type === LISTING_TYPE.RENT ? formatRent(l.price) : formatSalePrice(l.price),
        available: l.available,
        viewedAt,
      });
    }
  }
  return entries;
}
