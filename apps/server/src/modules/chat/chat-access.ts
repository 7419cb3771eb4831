import { CHAT_KIND, type ChatKind } from '@portal/shared/constants/chat';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { accountClosedAt, blocksBetween, findConversation } from './chat-access.queries';

/** A conversation as seen by one of its two participants. */
export interface ConversationAccess {
  id: number;
  userId: number;
  peerId: number;
  kind: ChatKind;
  /** An operator closed it after a report. */
  isClosed: boolean;
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
  const row = await findConversation(db, conversationId);
  if (!row || (row.a !== userId && row.b !== userId)) throw conversationNotFound();
  return {
    id: row.id,
    userId,
    peerId: row.a === userId ? row.b : row.a,
    kind: row.kind === CHAT_KIND.SERVICE ? CHAT_KIND.SERVICE : CHAT_KIND.LISTING,
    isClosed: row.closedAt !== null,
  };
}

/**
 * Refuses a message the rules do not let through: a conversation an operator closed (75005),
 * one with a closed account (75005, kept only as a record), one where the sender blocked the
 * peer (75004) or the peer blocked the sender (75003).
 */
export async function assertCanSend(db: Db, access: ConversationAccess): Promise<void> {
  if (access.isClosed) throw new AppError('CHAT_CLOSED');
  if (await accountClosedAt(db, access.peerId))
    throw new AppError('CHAT_CLOSED', '对方已注销账号，无法继续发送消息');
  const blocks = await blocksBetween(db, access.userId, access.peerId);
  if (blocks.byMe) throw new AppError('CHAT_BLOCKING');
  if (blocks.me) throw new AppError('CHAT_BLOCKED');
}
