import {
  LISTING_REPORT_STATUS,
  type ListingReportDecision,
} from '@portal/shared/constants/listing-trust';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingReports, secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { findListing } from './listing-detail.queries';
import { noticeToUsers } from './listing-notices';
import { takeDownListing } from './listing-review.service';
import { closeOpenReports } from './report-outcomes';

const R = listingReports;

/**
 * The operator's decision on all open reports of a listing: dismiss (举报不成立), ask the owner
 * to correct (the request shows on the owner's list until the next edit) or take the listing
 * down. The reporters and the owner each get a notice with the outcome; the audit log records
 * it. A listing without open reports answers 409.
 */
export async function decideReports(
  db: Db,
  adminId: number,
  listingId: number,
  decision: ListingReportDecision,
  note: string,
): Promise<void> {
  const listing = await findListing(db, listingId);
  const [open] = await db
    .select({ id: R.id })
    .from(R)
    .where(and(eq(R.listingId, listingId), eq(R.status, LISTING_REPORT_STATUS.OPEN)))
    .limit(1);
  if (!open) throw new AppError('CONFLICT', '该房源没有待处理的举报');
  if (decision === 'takeDown') {
    await takeDownListing(db, adminId, listingId, note);
    return;
  }
  const text = note.trim();
  if (decision === 'correct' && !text) throw new AppError('VALIDATION_FAILED', '请输入整改要求');
  await db.transaction(async (tx) => {
    const now = new Date();
    const status =
      decision === 'correct' ? LISTING_REPORT_STATUS.CORRECTION : LISTING_REPORT_STATUS.DISMISSED;
    const count = await closeOpenReports(tx, listing, status, text, adminId, now);
    if (count === 0) throw new AppError('CONFLICT', '该房源没有待处理的举报');
    if (decision === 'correct') {
      await tx
        .update(secondHandListings)
        .set({ correctionNote: text, correctionRequestedAt: now })
        .where(eq(secondHandListings.id, listingId));
    }
    const ownerText =
      decision === 'correct'
        ? `您发布的二手房源「${listing.title}」被举报，平台要求您整改：${text}。修改后房源将重新审核。`
        : `您发布的二手房源「${listing.title}」收到的举报经平台核查不成立，房源正常展示。`;
    await noticeToUsers(tx, [listing.userId], listingId, ownerText);
    await recordAudit(tx, {
      actorId: adminId,
      action: decision === 'correct' ? 'listing.reportCorrect' : 'listing.reportDismiss',
      targetType: 'listing',
      targetId: listingId,
      before: { openReports: count },
      after: { reportStatus: status, note: text || null },
    });
  });
}
