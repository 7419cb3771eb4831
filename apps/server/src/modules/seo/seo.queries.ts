import { LISTING_REPORT_STATUS } from '@portal/shared/constants/listing-trust';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingReports, secondHandListings } from '../listings/tables';
import { news } from '../news/tables';
import { communities } from '../places/tables';
import { projects } from '../projects/tables';
import { siteSettings } from '../site/tables';

/**
 * A short text that changes whenever a project, listing, article or 小区 is added, changed or removed
 * (every write of these tables moves its `updated_at`; a deletion changes its count), or a
 * listing report is filed or decided (the open reports' count and newest id): the sitemap is
 * rebuilt only when it differs from the one the cached sitemap was built from.
 */
export async function loadSitemapFingerprint(db: Db): Promise<string> {
  const parts = await Promise.all(
    [projects, secondHandListings, news, communities].map(async (table) => {
      const [row] = await db
        .select({
          count: sql<string>`count(*)::text`,
          newest: sql<string | null>`max(${table.updatedAt})::text`,
        })
        .from(table);
      return `${row?.count ?? 0}:${row?.newest ?? ''}`;
    }),
  );
  const [reports] = await db
    .select({
      open: sql<string>`count(*) filter (where ${listingReports.status} = ${LISTING_REPORT_STATUS.OPEN})::text`,
      newest: sql<string | null>`max(${listingReports.id})::text`,
    })
    .from(listingReports);
  parts.push(`${reports?.open ?? 0}:${reports?.newest ?? ''}`);
  return parts.join('|');
}

/** When the site settings last changed, as text; '' before they were first saved. */
export async function loadSiteSettingsStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({ stamp: sql<string | null>`max(${siteSettings.updatedAt})::text` })
    .from(siteSettings);
  return row?.stamp ?? '';
}
