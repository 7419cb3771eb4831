import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatBlocks, chatConversations } from '../../db/schema/index';
import { users } from '../auth/tables';

/** A conversation's participants, kind and closing, or undefined (`chat-access.ts` decides). */
export async function findConversation(db: Db, conversationId: number) {
  const [row] = await db
    .select({
      id: chatConversations.id,
      a: chatConversations.userAId,
      b: chatConversations.userBId,
      kind: chatConversations.kind,
      closedAt: chatConversations.closedAt,
    })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId))
    .limit(1);
  return row;
}

/** Who blocked whom between two users: `byMe` the user blocked the peer, `me` the reverse. */
export async function blocksBetween(
  db: Db,
  userId: number,
  peerId: number,
): Promise<{ byMe: boolean; me: boolean }> {
  const rows = await db
    .select({ blockerId: chatBlocks.blockerId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, peerId)),
        and(eq(chatBlocks.blockerId, peerId), eq(chatBlocks.blockedId, userId)),
      ),
    );
  return {
    byMe: rows.some((row) => row.blockerId === userId),
    me: rows.some((row) => row.blockerId === peerId),
  };
}

/** When a user closed their account, or null (also for an unknown id). */
export async function accountClosedAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.closedAt ?? null;
}
