import type { ChatMessage } from '@portal/shared/schemas/chat';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages } from '../../db/schema/index';
import { getConversationAccess } from './chat-access';

type MessageRow = typeof chatMessages.$inferSelect;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The API shape of a stored message (instants as ISO strings). */
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    type: row.type === 'image' ? 'image' : 'text',
    body: row.body,
    clientId: row.clientId,
    createdAt: new Date(row.createdAt).toISOString(),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
  };
}

/**
 * History of a conversation in ascending order. `before`: the page of older messages just above
 * that id (paging upward); `after`: the messages newer than that id (catch-up after a
 * reconnect); neither: the newest page.
 */
export async function listMessages(
  db: Db,
  userId: number,
  conversationId: number,
  query: { before?: number; after?: number; limit: number },
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  await getConversationAccess(db, userId, conversationId);
  const inConversation = eq(chatMessages.conversationId, conversationId);
  if (query.after !== undefined) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(inConversation, gt(chatMessages.id, query.after)))
      .orderBy(asc(chatMessages.id))
      .limit(query.limit + 1);
    return {
      messages: rows.slice(0, query.limit).map(toChatMessage),
      hasMore: rows.length > query.limit,
    };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        inConversation,
        query.before === undefined ? undefined : lt(chatMessages.id, query.before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).reverse();
  return { messages: page.map(toChatMessage), hasMore: rows.length > query.limit };
}
