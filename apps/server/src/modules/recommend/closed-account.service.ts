import { eq } from 'drizzle-orm';
import { recommendDemands } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its 找房需求 go. */
export const forgetDemandsOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(recommendDemands).where(eq(recommendDemands.userId, userId));
  return undefined;
};
