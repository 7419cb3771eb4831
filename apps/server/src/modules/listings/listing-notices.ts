import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema/index';
import { favouriteHolders } from '../favourites/index';

/**
 * Notices (我的消息) about a listing: to its owner, to the citizens who favourited it, and to
 * the citizens who reported it. Each links to the listing (bizType second_house, bizId its id).
 * Call inside the transaction of the change they announce.
 */
export async function noticeToUsers(
  db: Db,
  userIds: readonly number[],
  listingId: number,
  content: string,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db.insert(notices).values(
    unique.map((userId) => ({
      userId,
      content,
      bizType: NOTICE_BIZ_TYPE.SECOND_HOUSE,
      bizId: listingId,
    })),
  );
}

/** Tells everyone who favourited the listing (its owner aside) what happened to it. */
export async function noticeToFollowers(
  db: Db,
  listing: { id: number; userId: number },
  content: string,
): Promise<void> {
  const holders = await favouriteHolders(db, 'LISTING', listing.id);
  await noticeToUsers(
    db,
    holders.filter((id) => id !== listing.userId),
    listing.id,
    content,
  );
}

/** A sale price in 万 or a rent in 元/月, as notices write it. */
export function priceText(type: number, price: number): string {
  if (type === 1) return `${Number((price / 10_000).toFixed(2))}万元`;
  return `${price}元/月`;
}
