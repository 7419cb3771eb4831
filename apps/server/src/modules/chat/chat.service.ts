import { maskPhone } from '@portal/shared/format';
import type { ChatConversation, ChatMessage, ChatPeer } from '@portal/shared/schemas/chat';
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql, asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** A conversation as seen by one of its two participants. */
export interface ConversationAccess {
  id: number;
  userId: number;
  peerId: number;
}

type MessageRow = typeof chatMessages.$inferSelect;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

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

function peerOf(row: {
  id: number;
  nickname: string | null;
  phone: string | null;
  avatar: string | null;
}): ChatPeer {
  return {
    id: row.id,
    name: row.nickname || (row.phone ? maskPhone(row.phone) : `用户${row.id}`),
    avatar: row.avatar,
  };
}

const notFound = () => new AppError('NOT_FOUND', '会话不存在');

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
  if (!row || (row.a !== userId && row.b !== userId)) throw notFound();
  return { id: row.id, userId, peerId: row.a === userId ? row.b : row.a };
}

async function loadPeer(db: Db, peerId: number): Promise<ChatPeer> {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, phone: users.phone, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, peerId))
    .limit(1);
  if (!row) throw notFound();
  return peerOf(row);
}

/** Unread messages to a user, in one conversation or in all of them. */
async function countUnread(db: Db, userId: number, conversationId?: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.receiverId, userId),
        isNull(chatMessages.readAt),
        conversationId === undefined ? undefined : eq(chatMessages.conversationId, conversationId),
      ),
    );
  return Number(row?.count ?? 0);
}

export function totalUnread(db: Db, userId: number): Promise<number> {
  return countUnread(db, userId);
}

async function lastMessageOf(db: Db, conversationId: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row ? toChatMessage(row) : null;
}

/**
 * Starts the conversation between the caller and a target user, or resumes the existing one
 * (one conversation per pair). The target must be an active account other than the caller.
 */
export async function startConversation(
  db: Db,
  userId: number,
  targetId: number,
  listingId?: number,
): Promise<ChatConversation> {
  if (targetId === userId) throw new AppError('CHAT_SELF');
  const [target] = await db
    .select({ id: users.id, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, targetId))
    .limit(1);
  if (!target || target.disabled) throw new AppError('NOT_FOUND', '对方用户不存在');
  const [userAId, userBId] = userId < targetId ? [userId, targetId] : [targetId, userId];
  await db
    .insert(chatConversations)
    .values({ userAId, userBId, listingId: listingId ?? null })
    .onConflictDoNothing({ target: [chatConversations.userAId, chatConversations.userBId] });
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.userAId, userAId), eq(chatConversations.userBId, userBId)))
    .limit(1);
  if (!row) throw notFound();
  return getConversation(db, userId, row.id);
}

/** One conversation of the caller with its peer, last message and unread count. */
export async function getConversation(
  db: Db,
  userId: number,
  conversationId: number,
): Promise<ChatConversation> {
  const access = await getConversationAccess(db, userId, conversationId);
  const [conv] = await db
    .select({ createdAt: chatConversations.createdAt, lastAt: chatConversations.lastMessageAt })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  const [peer, lastMessage, unread] = await Promise.all([
    loadPeer(db, access.peerId),
    lastMessageOf(db, conversationId),
    countUnread(db, userId, conversationId),
  ]);
  return {
    id: conversationId,
    peer,
    lastMessage,
    unread,
    updatedAt: new Date(conv?.lastAt ?? conv?.createdAt ?? Date.now()).toISOString(),
  };
}

/** The caller's conversations, most recent first, each with its last message and unread count. */
export async function listConversations(db: Db, userId: number): Promise<ChatConversation[]> {
  const rows = await db
    .select({
      id: chatConversations.id,
      a: chatConversations.userAId,
      b: chatConversations.userBId,
      createdAt: chatConversations.createdAt,
      lastAt: chatConversations.lastMessageAt,
    })
    .from(chatConversations)
    .where(or(eq(chatConversations.userAId, userId), eq(chatConversations.userBId, userId)))
    .orderBy(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt}) desc`)
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const peerIds = rows.map((row) => (row.a === userId ? row.b : row.a));
  const [peers, lastRows, unreadRows] = await Promise.all([
    db
      .select({ id: users.id, nickname: users.nickname, phone: users.phone, avatar: users.avatar })
      .from(users)
      .where(inArray(users.id, peerIds)),
    db
      .selectDistinctOn([chatMessages.conversationId])
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, ids))
      .orderBy(chatMessages.conversationId, desc(chatMessages.id)),
    db
      .select({ conversationId: chatMessages.conversationId, count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.conversationId, ids),
          eq(chatMessages.receiverId, userId),
          isNull(chatMessages.readAt),
        ),
      )
      .groupBy(chatMessages.conversationId),
  ]);
  const peerById = new Map(peers.map((peer) => [peer.id, peerOf(peer)]));
  const lastById = new Map(lastRows.map((row) => [row.conversationId, toChatMessage(row)]));
  const unreadById = new Map(unreadRows.map((row) => [row.conversationId, Number(row.count)]));
  return rows.flatMap((row) => {
    const peer = peerById.get(row.a === userId ? row.b : row.a);
    if (!peer) return [];
    return [
      {
        id: row.id,
        peer,
        lastMessage: lastById.get(row.id) ?? null,
        unread: unreadById.get(row.id) ?? 0,
        updatedAt: new Date(row.lastAt ?? row.createdAt).toISOString(),
      },
    ];
  });
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

export interface NewMessage {
  senderId: number;
  conversationId: number;
  type: 'text' | 'image';
  body: string;
  clientId?: string | null;
}

/**
 * Stores a message (before anyone is told about it) and moves the conversation's last-message
 * time. A resend with the same `clientId` returns the message stored the first time.
 */
export async function storeMessage(
  db: Db,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const access = await getConversationAccess(db, message.senderId, message.conversationId);
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
