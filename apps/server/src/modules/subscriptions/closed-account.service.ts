import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its subscriptions (news, price changes, new listings) go. */
export const forgetSubscriptionsOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  return undefined;
};
