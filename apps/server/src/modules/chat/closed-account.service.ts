import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatBlocks, chatChannels, chatConversations, chatReports } from '../../db/schema/index';
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

/**
 * Deletes the conversations (with their messages and reports) and the reports of accounts closed
 * before `cutoff`, the retention period having ended (docs/product/accounts.md "注销账号").
 * Idempotent. Answers how many conversations and reports went.
 */
export async function deleteChatOfAccountsClosedBefore(db: Db, cutoff: Date): Promise<number> {
  const expired = sql`(select id from users where closed_at is not null and closed_at < ${cutoff})`;
  const conversations = await db
    .delete(chatConversations)
    .where(
      or(inArray(chatConversations.userAId, expired), inArray(chatConversations.userBId, expired)),
    )
    .returning({ id: chatConversations.id });
  const reports = await db
    .delete(chatReports)
    .where(or(inArray(chatReports.reporterId, expired), inArray(chatReports.reportedId, expired)))
    .returning({ id: chatReports.id });
  return conversations.length + reports.length;
}
