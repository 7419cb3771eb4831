import { LISTING_REPORT_STATUS } from '@portal/shared/constants/listing-trust';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingReports, secondHandListings } from '../../db/schema/index';

const L = secondHandListings;
const R = listingReports;

/** Whether any listing of the user has an open report (closing the account waits for it). */
export async function hasOpenReportsOnListingsOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: R.id })
    .from(R)
    .innerJoin(L, eq(L.id, R.listingId))
    .where(and(eq(L.userId, userId), eq(R.status, LISTING_REPORT_STATUS.OPEN)))
    .limit(1);
  return row !== undefined;
}
