import { CLOSED_ACCOUNT_NAME } from '@portal/shared/constants/accounts';
import { CHAT_KIND, CHAT_REPORT_STATUS, CHAT_SERVICE_NAME } from '@portal/shared/constants/chat';
import { maskPhone } from '@portal/shared/format';
import type {
  ChatConversation,
  ChatListing,
  ChatMessage,
  ChatPeer,
} from '@portal/shared/schemas/chat';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatBlocks, chatConversations, chatMessages, chatReports } from '../../db/schema/index';
import { users } from '../auth/tables';
import { secondHandListings } from '../listings/tables';
import { conversationNotFound, getConversationAccess } from './chat-access';
import { toChatMessage } from './chat-messages.queries';
import { findServiceAccount } from './chat-service-account.queries';

const peerColumns = {
  id: users.id,
  nickname: users.nickname,
  phone: users.phone,
  avatar: users.avatar,
  closedAt: users.closedAt,
};

/** The conversation columns with its listing (left join: null when none or deleted). */
const conversationColumns = {
  id: chatConversations.id,
  a: chatConversations.userAId,
  b: chatConversations.userBId,
  kind: chatConversations.kind,
  closedAt: chatConversations.closedAt,
  createdAt: chatConversations.createdAt,
  lastAt: chatConversations.lastMessageAt,
  listingId: secondHandListings.id,
  listingType: secondHandListings.type,
  listingTitle: secondHandListings.title,
};

/** Conversations with their listings, most recent first. */
function selectConversations(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(conversationColumns)
    .from(chatConversations)
    .leftJoin(secondHandListings, eq(secondHandListings.id, chatConversations.listingId))
    .where(where)
    .orderBy(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt}) desc`)
    .limit(limit);
}
type ConversationRow = Awaited<ReturnType<typeof selectConversations>>[number];

function peerOf(
  row: {
    id: number;
    nickname: string | null;
    phone: string | null;
    avatar: string | null;
    closedAt: Date | null;
  },
  isServiceChannel: boolean,
): ChatPeer {
  if (isServiceChannel) return { id: row.id, name: CHAT_SERVICE_NAME, avatar: null };
  // A closed account keeps no personal field; its conversations show it as 已注销用户.
  if (row.closedAt) return { id: row.id, name: CLOSED_ACCOUNT_NAME, avatar: null };
  return {
    id: row.id,
    name: row.nickname || (row.phone ? maskPhone(row.phone) : `用户${row.id}`),
    avatar: row.avatar,
  };
}

function listingOf(row: ConversationRow): ChatListing | null {
  if (row.listingId === null || row.listingType === null || row.listingTitle === null) return null;
  return { id: row.listingId, type: row.listingType, title: row.listingTitle };
}

/** Unread 房聊 messages to a user over all conversations (the top-bar badge), a count. */
export async function totalUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.receiverId, userId), isNull(chatMessages.readAt)));
  return Number(row?.count ?? 0);
}

/** The caller's view of conversation rows: peers, last messages, unread, blocks, reports. */
async function toConversations(
  db: Db,
  userId: number,
  rows: ConversationRow[],
): Promise<ChatConversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const peerIds = rows.map((row) => (row.a === userId ? row.b : row.a));
  const [peers, lastRows, unreadRows, blockRows, reportRows] = await Promise.all([
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
    db
      .select()
      .from(chatBlocks)
      .where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId))),
    db
      .select({ conversationId: chatReports.conversationId })
      .from(chatReports)
      .where(
        and(
          inArray(chatReports.conversationId, ids),
          eq(chatReports.reporterId, userId),
          eq(chatReports.status, CHAT_REPORT_STATUS.OPEN),
        ),
      ),
  ]);
  const peerById = new Map(peers.map((peer) => [peer.id, peer]));
  const hasService = rows.some((row) => row.kind === CHAT_KIND.SERVICE);
  const serviceId = hasService ? ((await findServiceAccount(db)) ?? null) : null;
  const lastById = new Map(lastRows.map((row) => [row.conversationId, toChatMessage(row)]));
  const unreadById = new Map(unreadRows.map((row) => [row.conversationId, Number(row.count)]));
  const reported = new Set(reportRows.map((row) => row.conversationId));
  return rows.flatMap((row) => {
    const peerId = row.a === userId ? row.b : row.a;
    const peer = peerById.get(peerId);
    if (!peer) return [];
    const kind = row.kind === CHAT_KIND.SERVICE ? CHAT_KIND.SERVICE : CHAT_KIND.LISTING;
    const lastMessage: ChatMessage | null = lastById.get(row.id) ?? null;
    return [
      {
        id: row.id,
        kind,
        peer: peerOf(peer, peer.id === serviceId),
        listing: listingOf(row),
        lastMessage,
        unread: unreadById.get(row.id) ?? 0,
        updatedAt: new Date(row.lastAt ?? row.createdAt).toISOString(),
        blockedByMe: blockRows.some((b) => b.blockerId === userId && b.blockedId === peerId),
        blockedMe: blockRows.some((b) => b.blockerId === peerId && b.blockedId === userId),
        closed: row.closedAt !== null,
        reportedByMe: reported.has(row.id),
      },
    ];
  });
}

/** One conversation of the caller with its peer, listing, last message, unread count and flags. */
export async function getConversation(
  db: Db,
  userId: number,
  conversationId: number,
): Promise<ChatConversation> {
  await getConversationAccess(db, userId, conversationId);
  const rows = await selectConversations(db, eq(chatConversations.id, conversationId), 1);
  const [conversation] = await toConversations(db, userId, rows);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

/** Whether an account is disabled (undefined when there is none). */
export async function accountDisabled(db: Db, userId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId));
  return row?.disabled;
}

/** The caller's conversations, most recent first (at most 200). */
export async function listConversations(db: Db, userId: number): Promise<ChatConversation[]> {
  const mine = or(eq(chatConversations.userAId, userId), eq(chatConversations.userBId, userId));
  return toConversations(db, userId, await selectConversations(db, mine, 200));
}
