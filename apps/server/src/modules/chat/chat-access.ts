import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** A conversation as seen by one of its two participants. */
export interface ConversationAccess {
  id: number;
  userId: number;
  peerId: number;
}

/** The one answer a stranger gets for any conversation id, so ids reveal nothing. */
export const conversationNotFound = () => new AppError('NOT_FOUND', '会话不存在');

/**
 * The conversation if the user is one of its two participants; otherwise 404, so a stranger
 * cannot even learn that it exists.
 */
export async function getConversationAccess(
  db: Db,
  userId: number,
  conversationId: number,
): Promise<ConversationAccess> {
  const [row] = await db
    .select({
      id: chatConversations.id,
      a: chatConversations.userAId,
      b: chatConversations.userBId,
    })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId))
    .limit(1);
  if (!row || (row.a !== userId && row.b !== userId)) throw conversationNotFound();
  return { id: row.id, userId, peerId: row.a === userId ? row.b : row.a };
}
