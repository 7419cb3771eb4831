import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz } from './columns';
import { secondHandListings } from './listings';
import { users } from './users';

/**
 * 房聊 conversations between two users, stored once per pair with user_a_id < user_b_id. kind
 * `listing`: a citizen asked a publisher about a listing; `service`: a citizen and the
 * operators' service account (`chat_channels`). closed_at: an operator closed it after a report.
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
    kind: text('kind').notNull().default('listing'),
    lastMessageAt: timestampTz('last_message_at'),
    closedAt: timestampTz('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('chat_conversations_pair_uq').on(t.userAId, t.userBId),
    index('chat_conversations_user_b_idx').on(t.userBId),
    check('chat_conversations_order_check', sql`${t.userAId} < ${t.userBId}`),
    check('chat_conversations_kind_check', sql`${t.kind} in ('listing', 'service')`),
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

/**
 * Accounts that speak for the site in 房聊: code `service` is the operators' service channel
 * (平台客服), an account nobody signs in to; operators answer for it from the console.
 */
export const chatChannels = pgTable('chat_channels', {
  code: text('code').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A participant's block of the other: neither can send in their conversation until lifted. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('chat_blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * A participant's report of a conversation to the operators. One open report per reporter and
 * conversation; status open, dismissed or upheld (the conversation is then closed).
 */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: idColumn(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A key of CHAT_REPORT_REASON_LABEL. */
    reason: text('reason').notNull(),
    description: text('description'),
    status: text('status').notNull().default('open'),
    outcomeNote: text('outcome_note'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestampTz('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_reports_open_uq')
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('chat_reports_status_idx').on(t.status, t.createdAt),
    check(
      'chat_reports_reason_check',
      sql`${t.reason} in ('harassment', 'fraud', 'advert', 'other')`,
    ),
    check('chat_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'upheld')`),
  ],
);
