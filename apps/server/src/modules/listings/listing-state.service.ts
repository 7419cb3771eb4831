import {
  AUDIT_OPERATION,
  canListingDo,
  statesAllowing,
} from '@portal/shared/constants/listing-status';
import { LISTING_TYPE, type ListingPictureKind } from '@portal/shared/constants/listings';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { withTransitions } from '../transitions/index';
import { revokeCheckCode } from './check-codes.service';
import { listPicturePaths } from './listing-detail.queries';
import { requireOwnListing } from './listing-detail.service';
import { type ListingStorage, removeDetachedPictures } from './listing-files';
import { LISTING_MOVES, moveListing, stateError } from './listing-moves';
import type { ListingRow } from './listings.queries';

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
  await ownerMove(db, userId, existing, move);
  return LISTING_MOVES[move].to;
}

/**
 * 确认在售: the owner says the listing is still available. 最近确认在售 becomes now, any
 * pending request is answered, and a listing hidden for want of an answer (待确认在售) is public
 * again — only with a valid check code, like every way to 已发布 (70008 when its verification no
 * longer passes).
 */
export async function confirmListing(db: Db, userId: number, id: number): Promise<void> {
  await ownerMove(db, userId, await requireOwnListing(db, userId, id), 'confirm');
}

/** 已成交: the owner sold or let the home; it leaves the public pages and followers are told. */
export async function closeListing(db: Db, userId: number, id: number): Promise<void> {
  await ownerMove(db, userId, await requireOwnListing(db, userId, id), 'close');
}

/** An owner's move through the runner, in its own transaction. */
async function ownerMove(
  db: Db,
  userId: number,
  existing: ListingRow,
  move: 'submit' | 'withdraw' | 'confirm' | 'close',
): Promise<void> {
  await withTransitions(db, (tx) =>
    moveListing(tx, existing.id, move, {
      by: userId,
      currentStatus: existing.publishStatus,
      args: { existing },
    }),
  );
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
  const isSale = existing.type === LISTING_TYPE.SALE;
  const values = {
    price,
    pricePerSquareMetre: isSale ? Math.round(price / Number(existing.buildArea)) : null,
  };
  await withTransitions(db, (tx) =>
    moveListing(tx, id, 'reprice', {
      by: userId,
      currentStatus: existing.publishStatus,
      args: { existing, values },
    }),
  );
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
