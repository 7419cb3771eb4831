import { CHAT_KIND } from '@portal/shared/constants/chat';
import type { ChatConversation, ChatStartBody } from '@portal/shared/schemas/chat';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findPublishedListing } from '../listings/index';
import { conversationNotFound } from './chat-access';
import { serviceAccountId } from './chat-service-account';
import { accountDisabled, getConversation } from './chat.queries';

/** The pair's one conversation, started or found; `listingId` is what it is about from now on. */
async function upsertConversation(
  db: Db,
  pair: [number, number],
  kind: string,
  listingId: number | null,
): Promise<number> {
  const [userAId, userBId] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
  const target = [chatConversations.userAId, chatConversations.userBId];
  const insert = db.insert(chatConversations).values({ userAId, userBId, kind, listingId });
  const returning = { id: chatConversations.id };
  const [row] =
    listingId === null
      ? await insert.onConflictDoNothing({ target }).returning(returning)
      : await insert.onConflictDoUpdate({ target, set: { listingId } }).returning(returning);
  if (row) return row.id;
  // The pair's row the insert just met (part of this write, so it stays here).
  const [existing] = await db
    .select(returning)
    .from(chatConversations)
    .where(and(eq(chatConversations.userAId, userAId), eq(chatConversations.userBId, userBId)));
  if (!existing) throw conversationNotFound();
  return existing.id;
}

/**
 * Starts or resumes a conversation (docs/product/listings.md): about a published listing, with
 * its publisher (the conversation is about that listing from now on), or with the operators'
 * service channel. Nobody can be reached by user id. A listing that is not public, or whose
 * publisher's account is disabled, answers 70002; one's own listing 75002.
 */
export async function startConversation(
  db: Db,
  userId: number,
  body: ChatStartBody,
): Promise<ChatConversation> {
  if ((body.listingId === undefined) === (body.channel === undefined))
    throw new AppError('VALIDATION_FAILED', '房聊只能从房源页面发起，或联系平台客服');
  if (body.channel === CHAT_KIND.SERVICE) {
    const serviceId = await serviceAccountId(db);
    if (serviceId === userId) throw new AppError('CHAT_SELF');
    const id = await upsertConversation(db, [userId, serviceId], CHAT_KIND.SERVICE, null);
    return getConversation(db, userId, id);
  }
  const listing = await findPublishedListing(db, body.listingId as number);
  if (!listing) throw new AppError('LISTING_NOT_FOUND');
  if (listing.userId === userId) throw new AppError('CHAT_SELF');
  const publisherDisabled = await accountDisabled(db, listing.userId);
  if (publisherDisabled !== false) throw new AppError('LISTING_NOT_FOUND');
  const id = await upsertConversation(db, [userId, listing.userId], CHAT_KIND.LISTING, listing.id);
  return getConversation(db, userId, id);
}
