import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import {
  CHECK_CODE_REVOKE_REASON,
  LISTING_REPORT_STATUS,
} from '@portal/shared/constants/listing-trust';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../admin/index';
import { ensureCheckCode, revokeCheckCode } from './check-codes.service';
import { findListing } from './listing-detail.queries';
import { moveListing } from './listing-moves';
import { noticeToFollowers, noticeToUsers } from './listing-notices';
import { closeOpenReports } from './report-outcomes';

function requireReason(reason: string, message: string): string {
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', message);
  return text;
}

/**
 * 审核通过: a 待审核 listing becomes 已发布 now with a valid check code (issued on its
 * ownership verification unless it still holds one), its owner is told, and the audit log
 * records it, all in one transaction. A listing without a passed verification is refused
 * (70008): nothing is published without a valid code.
 */
export async function approveListing(db: Db, adminId: number, id: number): Promise<void> {
  const existing = await findListing(db, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const row = await moveListing(tx, id, 'approve', {
      currentStatus: existing.publishStatus,
      set: {
        publishTime: now,
        confirmedAt: now,
        confirmRequestedAt: null,
        reviewedAt: now,
        reviewerId: adminId,
        reviewNote: null,
      },
    });
    await ensureCheckCode(tx, existing, adminId, now);
    await noticeToUsers(
      tx,
      [row.userId],
      id,
      `您发布的二手房源「${row.title}」已通过审核，现已发布。`,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'listing.approve',
      targetType: 'listing',
      targetId: id,
      before: { publishStatus: LISTING_STATUS.PENDING },
      after: { publishStatus: LISTING_STATUS.PUBLISHED },
    });
  });
}

/** 驳回: a 待审核 listing becomes 已驳回 with the reason its owner sees; audited. */
export async function rejectListing(
  db: Db,
  adminId: number,
  id: number,
  reason: string,
): Promise<void> {
  const text = requireReason(reason, '请输入驳回原因');
  const existing = await findListing(db, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const row = await moveListing(tx, id, 'reject', {
      currentStatus: existing.publishStatus,
      set: { reviewedAt: now, reviewerId: adminId, reviewNote: text },
    });
    await noticeToUsers(
      tx,
      [row.userId],
      id,
      `您发布的二手房源「${row.title}」未通过审核：${text}`,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'listing.reject',
      targetType: 'listing',
      targetId: id,
      before: { publishStatus: LISTING_STATUS.PENDING },
      after: { publishStatus: LISTING_STATUS.REJECTED, reason: text },
    });
  });
}

/**
 * 下架: an operator takes a public (or 待确认在售) listing off the site with a reason the owner
 * sees. Its check code is revoked, every open report on it is closed as 房源已下架 with its
 * reporter told, its followers are told, and the audit log records it, in one transaction.
 */
export async function takeDownListing(
  db: Db,
  adminId: number,
  id: number,
  reason: string,
): Promise<void> {
  const text = requireReason(reason, '请输入下架原因');
  const existing = await findListing(db, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const row = await moveListing(tx, id, 'takeDown', {
      currentStatus: existing.publishStatus,
      set: { reviewedAt: now, reviewerId: adminId, reviewNote: text, confirmRequestedAt: null },
    });
    await revokeCheckCode(tx, id, CHECK_CODE_REVOKE_REASON.TAKEN_DOWN, now);
    await closeOpenReports(
      tx,
      { id, title: row.title },
      LISTING_REPORT_STATUS.TAKEN_DOWN,
      text,
      adminId,
      now,
    );
    await noticeToUsers(
      tx,
      [row.userId],
      id,
      `您发布的二手房源「${row.title}」已被平台下架：${text}`,
    );
    await noticeToFollowers(tx, { id, userId: row.userId }, `您收藏的房源「${row.title}」已下架。`);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'listing.takeDown',
      targetType: 'listing',
      targetId: id,
      before: { publishStatus: existing.publishStatus },
      after: { publishStatus: LISTING_STATUS.TAKEN_DOWN, reason: text },
    });
  });
}

/**
 * 恢复发布: an operator puts a taken-down listing back, with a reason the owner sees. It gets a
 * new check code (the old one stays revoked), counts as confirmed now, and the audit log
 * records it.
 */
export async function restoreListing(
  db: Db,
  adminId: number,
  id: number,
  reason: string,
): Promise<void> {
  const text = requireReason(reason, '请输入恢复原因');
  const existing = await findListing(db, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const row = await moveListing(tx, id, 'restore', {
      currentStatus: existing.publishStatus,
      set: {
        reviewedAt: now,
        reviewerId: adminId,
        reviewNote: null,
        confirmedAt: now,
        confirmRequestedAt: null,
      },
    });
    await ensureCheckCode(tx, existing, adminId, now);
    await noticeToUsers(
      tx,
      [row.userId],
      id,
      `您发布的二手房源「${row.title}」已恢复发布：${text}`,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'listing.restore',
      targetType: 'listing',
      targetId: id,
      before: { publishStatus: LISTING_STATUS.TAKEN_DOWN },
      after: { publishStatus: LISTING_STATUS.PUBLISHED, reason: text },
    });
  });
}
