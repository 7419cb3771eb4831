import { eq } from 'drizzle-orm';
import { browsingHistory } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its browsing history goes. */
export const forgetHistoryOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(browsingHistory).where(eq(browsingHistory.userId, userId));
  return undefined;
};
