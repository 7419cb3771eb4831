import { eq } from 'drizzle-orm';
import { sessions, smsCodes, wechatTickets } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/**
 * Closing an account: its WeChat sign-in tickets, the SMS codes sent to its phone and every
 * session go (the caller then tells the live connections that the sessions ended).
 */
export const forgetSignInOfClosedAccount: ForgetClosedAccount = async (tx, { userId, phone }) => {
  await tx.delete(wechatTickets).where(eq(wechatTickets.userId, userId));
  if (phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return undefined;
};
