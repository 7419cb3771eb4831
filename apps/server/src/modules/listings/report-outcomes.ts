import {
  LISTING_REPORT_STATUS,
  type ListingReportStatus,
} from '@portal/shared/constants/listing-trust';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingReports } from '../../db/schema/index';
import { noticeToUsers } from './listing-notices';

const R = listingReports;

/** What a reporter reads about the outcome of their report. */
function reporterNotice(title: string, status: ListingReportStatus, note: string): string {
  const prefix = `您举报的房源「${title}」经平台核查，`;
  if (status === LISTING_REPORT_STATUS.TAKEN_DOWN) return `${prefix}已下架：${note}`;
  if (status === LISTING_REPORT_STATUS.CORRECTION) return `${prefix}已要求房东整改：${note}`;
  return `${prefix}暂未发现问题${note ? `：${note}` : ''}。感谢您的监督。`;
}

/**
 * Closes every open report of a listing with one outcome and tells each reporter (a notice
 * linking to the listing). Call inside the decision's transaction. Answers how many closed.
 */
export async function closeOpenReports(
  db: Db,
  listing: { id: number; title: string },
  status: Exclude<ListingReportStatus, typeof LISTING_REPORT_STATUS.OPEN>,
  note: string,
  adminId: number,
  now: Date,
): Promise<number> {
  const closed = await db
    .update(R)
    .set({ status, outcomeNote: note || null, handledBy: adminId, handledAt: now })
    .where(and(eq(R.listingId, listing.id), eq(R.status, LISTING_REPORT_STATUS.OPEN)))
    .returning({ reporterId: R.reporterId });
  await noticeToUsers(
    db,
    closed.map((row) => row.reporterId),
    listing.id,
    reporterNotice(listing.title, status, note),
  );
  return closed.length;
}
