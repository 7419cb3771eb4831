import { eq } from 'drizzle-orm';
import { notices } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its messages (我的消息) go. */
export const forgetNoticesOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(notices).where(eq(notices.userId, userId));
  return undefined;
};
