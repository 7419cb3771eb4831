import { eq } from 'drizzle-orm';
import { favourites } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its 收藏 go. */
export const forgetFavouritesOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(favourites).where(eq(favourites.userId, userId));
  return undefined;
};
