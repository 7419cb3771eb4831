import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { withTransitions } from '../transitions/index';
import { findListing } from './listing-detail.queries';
import { moveListing } from './listing-moves';

function requireReason(reason: string, message: string): string {
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', message);
  return text;
}

/**
 * 审核通过: a 待审核 listing becomes 已发布 now with a valid check code (issued on its
 * ownership verification unless it still holds one), its owner is told, and the audit log
 * records it, all in one transaction (the row `approve` in listing-moves.ts). A listing without a
 * passed verification is refused (70008): nothing is published without a valid code.
 */
export async function approveListing(db: Db, adminId: number, id: number): Promise<void> {
  const existing = await findListing(db, id);
  await operatorMove(db, adminId, existing, 'approve', undefined);
}

/** 驳回: a 待审核 listing becomes 已驳回 with the reason its owner sees; audited. */
export async function rejectListing(
  db: Db,
  adminId: number,
  id: number,
  reason: string,
): Promise<void> {
  const text = requireReason(reason, '请输入驳回原因');
  await operatorMove(db, adminId, await findListing(db, id), 'reject', text);
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
  await operatorMove(db, adminId, await findListing(db, id), 'takeDown', text);
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
  await operatorMove(db, adminId, await findListing(db, id), 'restore', text);
}

/** An operator's move through the runner, in its own transaction. */
async function operatorMove(
  db: Db,
  adminId: number,
  existing: Awaited<ReturnType<typeof findListing>>,
  move: 'approve' | 'reject' | 'takeDown' | 'restore',
  reason: string | undefined,
): Promise<void> {
  await withTransitions(db, (tx) =>
    moveListing(tx, existing.id, move, {
      by: adminId,
      currentStatus: existing.publishStatus,
      args: { existing, reason },
    }),
  );
}
