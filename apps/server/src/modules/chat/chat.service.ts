import { LISTING_STATUS } from '@portal/shared/constants/listings';
import { maskPhone } from '@portal/shared/format';
import type {
  ChatConversation,
  ChatListing,
  ChatMessage,
  ChatPeer,
} from '@portal/shared/schemas/chat';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages, secondHandListings, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { conversationNotFound, getConversationAccess } from './chat-access';
import { toChatMessage } from './chat-messages.service';

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

const peerColumns = {
  id: users.id,
  nickname: users.nickname,
  phone: users.phone,
  avatar: users.avatar,
};

/** The conversation columns with its listing (left join: null when none or deleted). */
const conversationColumns = {
  id: chatConversations.id,
  a: chatConversations.userAId,
  b: chatConversations.userBId,
  createdAt: chatConversations.createdAt,
  lastAt: chatConversations.lastMessageAt,
  listingId: secondHandListings.id,
  listingType: secondHandListings.type,
  listingTitle: secondHandListings.title,
};

function listingOf(row: {
  listingId: number | null;
  listingType: number | null;
  listingTitle: string | null;
}): ChatListing | null {
  if (row.listingId === null || row.listingType === null || row.listingTitle === null) return null;
  return { id: row.listingId, type: row.listingType, title: row.listingTitle };
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

/** Unread 房聊 messages to a user over all conversations (the top-bar badge), a count. */
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
 * The listing a conversation between two users may be about: a published listing of one of
 * them. Anything else answers 404 (an unknown id must never reach the foreign key as a 500).
 */
async function requireListingOfPair(db: Db, listingId: number, pair: number[]): Promise<void> {
  const [listing] = await db
    .select({ userId: secondHandListings.userId, status: secondHandListings.publishStatus })
    .from(secondHandListings)
    .where(eq(secondHandListings.id, listingId))
    .limit(1);
  if (!listing || listing.status !== LISTING_STATUS.PUBLISHED || !pair.includes(listing.userId)) {
    throw new AppError('LISTING_NOT_FOUND');
  }
}

/**
 * Starts the conversation between the caller and a target user, or resumes the existing one
 * (one conversation per pair). The target must be an active account other than the caller.
 * With `listingId` (from a listing's 房聊 button) the conversation is about that listing from
 * now on, also when it is resumed.
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
  if (listingId !== undefined) await requireListingOfPair(db, listingId, [userId, targetId]);
  const [userAId, userBId] = userId < targetId ? [userId, targetId] : [targetId, userId];
  const pair = [chatConversations.userAId, chatConversations.userBId];
  const values = { userAId, userBId, listingId: listingId ?? null };
  const insert = db.insert(chatConversations).values(values);
  const returning = { id: chatConversations.id };
  const [row] =
    listingId === undefined
      ? await insert.onConflictDoNothing({ target: pair }).returning(returning)
      : await insert.onConflictDoUpdate({ target: pair, set: { listingId } }).returning(returning);
  const id =
    row?.id ??
    (
      await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(and(eq(chatConversations.userAId, userAId), eq(chatConversations.userBId, userBId)))
        .limit(1)
    )[0]?.id;
  if (id === undefined) throw conversationNotFound();
  return getConversation(db, userId, id);
}

/** One conversation of the caller with its peer, listing, last message and unread count. */
export async function getConversation(
  db: Db,
  userId: number,
  conversationId: number,
): Promise<ChatConversation> {
  const access = await getConversationAccess(db, userId, conversationId);
  const [[conv], [peer], lastMessage, unread] = await Promise.all([
    db
      .select(conversationColumns)
      .from(chatConversations)
      .leftJoin(secondHandListings, eq(secondHandListings.id, chatConversations.listingId))
      .where(eq(chatConversations.id, conversationId)),
    db.select(peerColumns).from(users).where(eq(users.id, access.peerId)).limit(1),
    lastMessageOf(db, conversationId),
    countUnread(db, userId, conversationId),
  ]);
  if (!conv || !peer) throw conversationNotFound();
  return {
    id: conversationId,
    peer: peerOf(peer),
    listing: listingOf(conv),
    lastMessage,
    unread,
    updatedAt: new Date(conv.lastAt ?? conv.createdAt).toISOString(),
  };
}

/** The caller's conversations, most recent first, each with its last message and unread count. */
export async function listConversations(db: Db, userId: number): Promise<ChatConversation[]> {
  const rows = await db
    .select(conversationColumns)
    .from(chatConversations)
    .leftJoin(secondHandListings, eq(secondHandListings.id, chatConversations.listingId))
    .where(or(eq(chatConversations.userAId, userId), eq(chatConversations.userBId, userId)))
    .orderBy(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt}) desc`)
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const peerIds = rows.map((row) => (row.a === userId ? row.b : row.a));
  const [peers, lastRows, unreadRows] = await Promise.all([
    db.select(peerColumns).from(users).where(inArray(users.id, peerIds)),
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
        listing: listingOf(row),
        lastMessage: lastById.get(row.id) ?? null,
        unread: unreadById.get(row.id) ?? 0,
        updatedAt: new Date(row.lastAt ?? row.createdAt).toISOString(),
      },
    ];
  });
}
