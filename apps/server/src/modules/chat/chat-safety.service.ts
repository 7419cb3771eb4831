import { CHAT_KIND } from '@portal/shared/constants/chat';
import type { ChatReportBody } from '@portal/shared/schemas/chat';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatBlocks, chatReports } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { type ConversationAccess, getConversationAccess } from './chat-access';

/** Block and report apply between citizens; the service channel is the operators themselves. */
async function citizenConversation(
  db: Db,
  userId: number,
  conversationId: number,
): Promise<ConversationAccess> {
  const access = await getConversationAccess(db, userId, conversationId);
  if (access.kind === CHAT_KIND.SERVICE)
    throw new AppError('VALIDATION_FAILED', '平台客服会话不能屏蔽或举报');
  return access;
}

/**
 * 屏蔽: the caller blocks the other participant of a conversation. From then on neither can send
 * in it (each is told why) until the caller lifts the block. Blocking twice changes nothing.
 */
export async function blockPeer(db: Db, userId: number, conversationId: number): Promise<void> {
  const access = await citizenConversation(db, userId, conversationId);
  await db
    .insert(chatBlocks)
    .values({ blockerId: userId, blockedId: access.peerId })
    .onConflictDoNothing();
}

/** Lifts the caller's block of the other participant; lifting no block changes nothing. */
export async function unblockPeer(db: Db, userId: number, conversationId: number): Promise<void> {
  const access = await citizenConversation(db, userId, conversationId);
  await db
    .delete(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, access.peerId)));
}

/**
 * 举报: a participant reports a conversation to the operators with a reason and an optional
 * description; the operators may read it to decide. One open report per participant and
 * conversation (a second answers 75006 until the operators decide).
 */
export async function reportConversation(
  db: Db,
  userId: number,
  conversationId: number,
  form: ChatReportBody,
): Promise<{ id: number }> {
  const access = await citizenConversation(db, userId, conversationId);
  const [row] = await db
    .insert(chatReports)
    .values({
      conversationId: access.id,
      reporterId: userId,
      reportedId: access.peerId,
      reason: form.reason,
      description: form.description,
    })
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  if (!row) throw new AppError('CHAT_REPORT_DUPLICATE');
  return row;
}
