import { eq, or } from 'drizzle-orm';
import { chatBlocks, chatChannels } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/**
 * Blocks made by or against the account and its delivery channels go. Conversations and reports
 * involving others stay for the retention period, its side shown as 已注销用户 by the cleared
 * account row.
 */
export const forgetChatOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await tx
    .delete(chatBlocks)
    .where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
  await tx.delete(chatChannels).where(eq(chatChannels.userId, userId));
  return undefined;
};
