import { eq } from 'drizzle-orm';
import { groupBuySignups } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its 团购 sign-ups go. */
export const forgetGroupBuyOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(groupBuySignups).where(eq(groupBuySignups.userId, userId));
  return undefined;
};
