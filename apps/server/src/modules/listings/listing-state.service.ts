import {
  AUDIT_OPERATION,
  LISTING_STATUS,
  type ListingPictureKind,
} from '@portal/shared/constants/listings';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingPictures, notices, secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findListing, findOwnListing } from './listing-detail.queries';
import { type ListingStorage, removeDetachedPictures } from './listing-files';
import { stateError } from './listings.service';

const L = secondHandListings;
const { DRAFT, PENDING, PUBLISHED, REJECTED } = LISTING_STATUS;

/** Where each owner operation may start and where it leads (spec 2 §4). */
const OWNER_MOVES = {
  [AUDIT_OPERATION.SUBMIT]: { from: [DRAFT, REJECTED], to: PENDING, verb: '提交审核' },
  [AUDIT_OPERATION.WITHDRAW]: { from: [PENDING, PUBLISHED], to: REJECTED, verb: '撤回' },
} as const;

/**
 * The owner's audit operation (spec 2 §7): 1 submits a 待发布 or 已驳回 listing for review
 * (→ 待审核), 4 withdraws a 待审核 or 已发布 one (→ 已驳回, off the public lists). The update is
 * conditional on the state, so two racing requests cannot both succeed.
 */
export async function operateListing(
  db: Db,
  userId: number,
  id: number,
  operation: number,
): Promise<number> {
  const move = OWNER_MOVES[operation as keyof typeof OWNER_MOVES];
  if (!move) throw new AppError('VALIDATION_FAILED', '操作类型只能是1（提交审核）或4（撤回）');
  const existing = await findOwnListing(db, userId, id);
  const [row] = await db
    .update(L)
    .set({ publishStatus: move.to, updatedAt: new Date() })
    .where(and(eq(L.id, id), eq(L.userId, userId), inArray(L.publishStatus, [...move.from])))
    .returning({ publishStatus: L.publishStatus });
  if (!row) throw stateError(move.verb, existing.publishStatus);
  return row.publishStatus;
}

/**
 * Deletes the owner's listing; only 待发布 and 已驳回 ones (picture rows and tags cascade). Its
 * uploaded picture files, the private ID-card and ownership photos above all, go with it.
 */
export async function deleteListing(
  db: Db,
  storage: ListingStorage,
  userId: number,
  id: number,
): Promise<void> {
  const existing = await findOwnListing(db, userId, id);
  const pictures = await db
    .select({ kind: listingPictures.kind, path: listingPictures.path })
    .from(listingPictures)
    .where(eq(listingPictures.listingId, id));
  const deleted = await db
    .delete(L)
    .where(and(eq(L.id, id), eq(L.userId, userId), inArray(L.publishStatus, [DRAFT, REJECTED])))
    .returning({ id: L.id });
  if (deleted.length === 0) throw stateError('删除', existing.publishStatus);
  await removeDetachedPictures(
    db,
    storage,
    pictures.map((p) => ({ kind: p.kind as ListingPictureKind, path: p.path })),
  );
}

/**
 * Operator approval: a 待审核 listing becomes 已发布 now, and its owner gets a notice
 * (bizType second_house).
 */
export async function approveListing(db: Db, id: number, adminId: number): Promise<void> {
  const existing = await findListing(db, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(L)
      .set({
        publishStatus: PUBLISHED,
        publishTime: now,
        reviewedAt: now,
        reviewerId: adminId,
        reviewNote: null,
        updatedAt: now,
      })
      .where(and(eq(L.id, id), eq(L.publishStatus, PENDING)))
      .returning({ userId: L.userId, title: L.title });
    if (!row) throw stateError('审核通过', existing.publishStatus);
    await tx.insert(notices).values({
      userId: row.userId,
      content: `您发布的二手房源「${row.title}」已通过审核，现已发布。`,
      bizType: 'second_house',
      bizId: id,
    });
  });
}

/**
 * Operator rejection with a reason: a 待审核 listing becomes 已驳回; the owner gets a notice
 * with the reason and may edit and resubmit.
 */
export async function rejectListing(
  db: Db,
  id: number,
  adminId: number,
  reason: string,
): Promise<void> {
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', '请输入驳回原因');
  const existing = await findListing(db, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(L)
      .set({
        publishStatus: REJECTED,
        reviewedAt: now,
        reviewerId: adminId,
        reviewNote: text,
        updatedAt: now,
      })
      .where(and(eq(L.id, id), eq(L.publishStatus, PENDING)))
      .returning({ userId: L.userId, title: L.title });
    if (!row) throw stateError('驳回', existing.publishStatus);
    await tx.insert(notices).values({
      userId: row.userId,
      content: `您发布的二手房源「${row.title}」未通过审核：${text}`,
      bizType: 'second_house',
      bizId: id,
    });
  });
}
