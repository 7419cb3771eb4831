import { eq } from 'drizzle-orm';
import { feedback } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/** Closing an account: Its feedback and the replies to it go. */
export const forgetFeedbackOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx.delete(feedback).where(eq(feedback.userId, userId));
  return undefined;
};
