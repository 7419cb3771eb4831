import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz } from './columns';
import { secondHandListings } from './listings';
import { users } from './users';

/**
 * 房聊 conversations between two users, stored once per pair with user_a_id < user_b_id.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: idColumn(),
    userAId: integer('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: integer('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing the conversation started from, if any. */
    listingId: integer('listing_id').references(() => secondHandListings.id, {
      onDelete: 'set null',
    }),
    lastMessageAt: timestampTz('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('chat_conversations_pair_uq').on(t.userAId, t.userBId),
    index('chat_conversations_user_b_idx').on(t.userBId),
    check('chat_conversations_order_check', sql`${t.userAId} < ${t.userBId}`),
  ],
);

/** Chat messages. type text (body is the text) or image (body is a path under the uploads root). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: idColumn(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('text'),
    body: text('body').notNull(),
    /** The sender's own id for the message, so a resend after a lost acknowledgement is stored once. */
    clientId: text('client_id'),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
    readAt: timestampTz('read_at'),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('chat_messages_unread_idx')
      .on(t.receiverId)
      .where(sql`${t.readAt} is null`),
    check('chat_messages_type_check', sql`${t.type} in ('text', 'image')`),
    uniqueIndex('chat_messages_client_uq').on(t.senderId, t.clientId),
  ],
);
