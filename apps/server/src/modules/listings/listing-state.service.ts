import {
  AUDIT_OPERATION,
  canListingDo,
  LISTING_STATUS,
  statesAllowing,
} from '@portal/shared/constants/listing-status';
import type { ListingPictureKind } from '@portal/shared/constants/listings';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { markPriceChange } from '../price-history/index';
import { invalidateProjectReads } from '../projects/index';
import { ensureCheckCode, revokeCheckCode } from './check-codes.service';
import { listPicturePaths } from './listing-detail.queries';
import { requireOwnListing } from './listing-detail.service';
import { type ListingStorage, removeDetachedPictures } from './listing-files';
import { LISTING_MOVES, moveListing, stateError } from './listing-moves';
import { noticeToFollowers, priceText } from './listing-notices';

const L = secondHandListings;

/**
 * The owner's audit operation (docs/product/listings.md): 1 submits a listing for review (→ 待审核), 4
 * withdraws it (→ 已撤回, off the public pages; its followers are told). Both clear the
 * operator's old reason, so a withdrawn listing never shows a stale rejection. Answers the new
 * state.
 */
export async function operateListing(
  db: Db,
  userId: number,
  id: number,
  operation: number,
): Promise<number> {
  if (operation !== AUDIT_OPERATION.SUBMIT && operation !== AUDIT_OPERATION.WITHDRAW)
    throw new AppError('VALIDATION_FAILED', '操作类型只能是1（提交审核）或4（撤回）');
  const existing = await requireOwnListing(db, userId, id);
  const move = operation === AUDIT_OPERATION.SUBMIT ? 'submit' : 'withdraw';
  const wasPublic = existing.publishStatus === LISTING_STATUS.PUBLISHED;
  await db.transaction(async (tx) => {
    const row = await moveListing(tx, id, move, {
      ownerId: userId,
      currentStatus: existing.publishStatus,
      set: { reviewNote: null, confirmRequestedAt: null },
    });
    if (move === 'withdraw' && wasPublic)
      await noticeToFollowers(tx, { id, userId }, `您收藏的房源「${row.title}」已被房东撤回。`);
  });
  return LISTING_MOVES[move].to;
}

/**
 * 确认在售: the owner says the listing is still available. 最近确认在售 becomes now, any
 * pending request is answered, and a listing hidden for want of an answer (待确认在售) is public
 * again — only with a valid check code, like every way to 已发布 (70008 when its verification no
 * longer passes).
 */
export async function confirmListing(db: Db, userId: number, id: number): Promise<void> {
  const existing = await requireOwnListing(db, userId, id);
  const now = new Date();
  await db.transaction(async (tx) => {
    await moveListing(tx, id, 'confirm', {
      ownerId: userId,
      currentStatus: existing.publishStatus,
      set: { confirmedAt: now, confirmRequestedAt: null },
    });
    if (existing.publishStatus === LISTING_STATUS.UNCONFIRMED)
      await ensureCheckCode(tx, existing, null, now);
  });
}

/** 已成交: the owner sold or let the home; it leaves the public pages and followers are told. */
export async function closeListing(db: Db, userId: number, id: number): Promise<void> {
  const existing = await requireOwnListing(db, userId, id);
  await db.transaction(async (tx) => {
    const row = await moveListing(tx, id, 'close', {
      ownerId: userId,
      currentStatus: existing.publishStatus,
      set: { confirmRequestedAt: null, reviewNote: null },
    });
    const done = row.type === 1 ? '已售出' : '已出租';
    await noticeToFollowers(tx, { id, userId }, `您收藏的房源「${row.title}」${done}。`);
  });
}

/**
 * 调价: a published listing's new price (yuan for a sale, yuan/month for a rent) takes effect
 * at once, with the sale's unit price (yuan/㎡); followers are told the old and new price.
 */
export async function repriceListing(
  db: Db,
  userId: number,
  id: number,
  price: number,
): Promise<void> {
  const existing = await requireOwnListing(db, userId, id);
  if (!canListingDo(existing.publishStatus, 'reprice'))
    throw stateError('调价', existing.publishStatus);
  if (price === existing.price) throw new AppError('VALIDATION_FAILED', '新价格与当前价格相同');
  const isSale = existing.type === 1;
  await db.transaction(async (tx) => {
    await markPriceChange(tx, 'owner');
    const [row] = await tx
      .update(L)
      .set({
        price,
        pricePerSquareMetre: isSale ? Math.round(price / Number(existing.buildArea)) : null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(L.id, id),
          eq(L.userId, userId),
          inArray(L.publishStatus, statesAllowing('reprice')),
        ),
      )
      .returning({ title: L.title });
    if (!row) throw stateError('调价', existing.publishStatus);
    const from = priceText(existing.type, existing.price);
    const to = priceText(existing.type, price);
    await noticeToFollowers(
      tx,
      { id, userId },
      `您收藏的房源「${row.title}」价格由${from}调整为${to}。`,
    );
  });
  invalidateProjectReads();
}

/**
 * Deletes the owner's listing where the owner may (待发布, 已驳回, 已撤回, 已下架, 已成交);
 * picture rows, tags and reports cascade. A valid check code is revoked first, so /verify says
 * the listing is gone. Its uploaded picture files, the private ID-card and ownership photos above
 * all, go with it.
 */
export async function deleteListing(
  db: Db,
  storage: ListingStorage,
  userId: number,
  id: number,
): Promise<void> {
  const existing = await requireOwnListing(db, userId, id);
  if (!canListingDo(existing.publishStatus, 'delete'))
    throw stateError('删除', existing.publishStatus);
  const pictures = await listPicturePaths(db, id);
  await db.transaction(async (tx) => {
    await revokeCheckCode(tx, id, 'deleted');
    const deleted = await tx
      .delete(L)
      .where(
        and(eq(L.id, id), eq(L.userId, userId), inArray(L.publishStatus, statesAllowing('delete'))),
      )
      .returning({ id: L.id });
    if (deleted.length === 0) throw stateError('删除', existing.publishStatus);
  });
  await removeDetachedPictures(
    db,
    storage,
    pictures.map((p) => ({ kind: p.kind as ListingPictureKind, path: p.path })),
  );
}
