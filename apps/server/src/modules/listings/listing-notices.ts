import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { Db } from '../../db/client';
import { sendNotices } from '../notices/index';

/**
 * Notices (我的消息) about a listing outside its moves (a move's notices are declared by its row
 * in listing-moves.ts): to its owner asked to confirm it, and to the citizens who reported it. Each links to the listing (bizType second_house, bizId its id).
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
  await sendNotices(
    db,
    unique.map((userId) => ({
      userId,
      content,
      bizType: NOTICE_BIZ_TYPE.SECOND_HOUSE,
      bizId: listingId,
    })),
  );
}

/** A sale price in 万 or a rent in 元/月, as notices write it. */
export function priceText(type: number, price: number): string {
  if (type === LISTING_TYPE.SALE) return `${Number((price / 10_000).toFixed(2))}万元`;
  return `${price}元/月`;
}
