import type { ChatMessage } from '@portal/shared/schemas/chat';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertCanSend, getConversationAccess } from './chat-access';
import { toChatMessage } from './chat-messages.queries';

export interface NewMessage {
  senderId: number;
  conversationId: number;
  type: 'text' | 'image';
  body: string;
  clientId?: string | null;
}

/**
 * Stores a message (before anyone is told about it) and moves the conversation's last-message
 * time. A resend with the same `clientId` returns the message stored the first time. Nothing is
 * stored in a closed conversation or between blocked participants (`assertCanSend`).
 */
export async function storeMessage(
  db: Db,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const access = await getConversationAccess(db, message.senderId, message.conversationId);
  await assertCanSend(db, access);
  const clientId = message.clientId ?? null;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chatMessages)
      .values({
        conversationId: access.id,
        senderId: access.userId,
        receiverId: access.peerId,
        type: message.type,
        body: message.body,
        clientId,
      })
      .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientId] })
      .returning();
    const row = inserted[0];
    if (!row) {
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.senderId, access.userId), eq(chatMessages.clientId, clientId ?? '')),
        )
        .limit(1);
      if (!existing || existing.conversationId !== access.id) {
        throw new AppError('CONFLICT', '消息编号重复');
      }
      return { message: toChatMessage(existing), created: false };
    }
    await tx
      .update(chatConversations)
      .set({ lastMessageAt: row.createdAt })
      .where(eq(chatConversations.id, access.id));
    return { message: toChatMessage(row), created: true };
  });
}

/** Marks messages to a user as delivered; returns those that changed, with their senders. */
export async function markDelivered(
  db: Db,
  receiverId: number,
  messageIds?: number[],
  now: Date = new Date(),
): Promise<Array<{ id: number; conversationId: number; senderId: number }>> {
  if (messageIds && messageIds.length === 0) return [];
  return db
    .update(chatMessages)
    .set({ deliveredAt: now })
    .where(
      and(
        eq(chatMessages.receiverId, receiverId),
        isNull(chatMessages.deliveredAt),
        messageIds ? inArray(chatMessages.id, messageIds) : undefined,
      ),
    )
    .returning({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      senderId: chatMessages.senderId,
    });
}

/**
 * Marks the caller's received messages of a conversation read, up to an id (all when unset).
 * Returns the highest id marked and the peer, or null when nothing was unread.
 */
export async function markRead(
  db: Db,
  userId: number,
  conversationId: number,
  upToId?: number,
  now: Date = new Date(),
): Promise<{ upToId: number; peerId: number; at: Date } | null> {
  const access = await getConversationAccess(db, userId, conversationId);
  const changed = await db
    .update(chatMessages)
    .set({
      readAt: now,
      deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.receiverId, userId),
        isNull(chatMessages.readAt),
        upToId === undefined ? undefined : lte(chatMessages.id, upToId),
      ),
    )
    .returning({ id: chatMessages.id });
  if (changed.length === 0) return null;
  return { upToId: Math.max(...changed.map((row) => row.id)), peerId: access.peerId, at: now };
}
