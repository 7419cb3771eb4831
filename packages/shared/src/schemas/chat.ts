import { z } from 'zod';
import { CHAT_KIND, CHAT_LIMITS, CHAT_REPORT_LIMITS, CHAT_REPORT_REASONS } from '../constants/chat';

/** The other participant of a conversation as the chat shows them. */
export const chatPeerSchema = z.object({
  id: z.number().int(),
  /** Nickname, else the masked phone. */
  name: z.string(),
  /** Path under the uploads root, or null for the default avatar. */
  avatar: z.string().nullable(),
});

export type ChatPeer = z.infer<typeof chatPeerSchema>;

/** One stored message. `body` is the text, or for images the path under the uploads root. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  type: z.enum(['text', 'image']),
  body: z.string(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The second-hand listing a conversation is about (type 1 sale, 2 rent). */
export const chatListingSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
});

export type ChatListing = z.infer<typeof chatListingSchema>;

export const chatConversationSchema = z.object({
  id: z.number().int(),
  /** `listing`: about a listing with its publisher; `service`: the operators' service channel. */
  kind: z.enum([CHAT_KIND.LISTING, CHAT_KIND.SERVICE]),
  peer: chatPeerSchema,
  /** The listing the conversation was last started from, if any. */
  listing: chatListingSchema.nullable(),
  lastMessage: chatMessageSchema.nullable(),
  /** Messages to the caller not yet read. */
  unread: z.number().int(),
  /** ISO instant of the last message, or of the creation when empty. */
  updatedAt: z.string(),
  /** The caller blocked the peer: nothing can be sent until the block is lifted. */
  blockedByMe: z.boolean(),
  /** The peer blocked the caller. */
  blockedMe: z.boolean(),
  /** An operator closed the conversation after a report. */
  closed: z.boolean(),
  /** The caller has a report on this conversation waiting for the operators. */
  reportedByMe: z.boolean(),
});

export type ChatConversation = z.infer<typeof chatConversationSchema>;

/**
 * `POST /api/chat/conversations`: start or resume a conversation about a published listing
 * (with its publisher) or with the operators' service channel; exactly one of the two. Nobody
 * is reached by user id.
 */
export const chatStartBodySchema = z.object({
  listingId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  channel: z.literal(CHAT_KIND.SERVICE).optional(),
});
export type ChatStartBody = z.infer<typeof chatStartBodySchema>;

/** `POST /api/chat/conversations/:id/reports`: report the conversation to the operators. */
export const chatReportBodySchema = z.object({
  reason: z.enum(CHAT_REPORT_REASONS, { error: '请选择举报原因' }),
  description: z
    .string()
    .trim()
    .max(CHAT_REPORT_LIMITS.descriptionMax, `描述不能超过${CHAT_REPORT_LIMITS.descriptionMax}个字`)
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ChatReportBody = z.infer<typeof chatReportBodySchema>;

export const chatIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** History paged upward: messages older than `before`, or newer than `after` (catch-up). */
export const chatHistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.historyPageSize),
});

export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  /** More older messages exist (for `before` paging) or more newer ones (for `after`). */
  hasMore: z.boolean(),
});

/** `clientId`: the sender's own id of the message, so a resend is stored once. */
export const chatClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '消息编号不正确')
  .optional();

export const chatTextBodySchema = z.object({
  text: z.string(),
  clientId: chatClientIdSchema,
});

export const chatReadBodySchema = z.object({
  /** Marks read every message to the caller up to this id; unset marks all. */
  upToId: z.coerce.number().int().positive().optional(),
});

export const chatUnreadSchema = z.object({ unread: z.number().int() });

/**
 * Frames of the chat socket `/api/chat/ws`. Client → server: `auth` (always the first frame;
 * `mode: 'badge'` asks only for the unread total), `send`, `read`, `ping`. Server → client:
 * `ready`, `unread`, `ack`, `message`, `delivered`, `read`, `error`, `pong`.
 */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    /** API clients send their bearer token; a browser's session comes in its cookie. */
    token: z.string().min(1).max(200).optional(),
    mode: z.enum(['chat', 'badge']).optional(),
  }),
  z.object({
    type: z.literal('send'),
    conversationId: z.number().int().positive(),
    text: z.string(),
    clientId: chatClientIdSchema,
  }),
  z.object({
    type: z.literal('read'),
    conversationId: z.number().int().positive(),
    upToId: z.number().int().positive().optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);

export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

export type ChatServerFrame =
  | { type: 'ready'; userId: number }
  | { type: 'unread'; unread: number }
  | { type: 'ack'; clientId: string | null; message: ChatMessage }
  | { type: 'message'; message: ChatMessage }
  | { type: 'delivered'; conversationId: number; ids: number[]; at: string }
  | { type: 'read'; conversationId: number; readerId: number; upToId: number; at: string }
  | { type: 'error'; code: string; message: string; clientId?: string | null }
  | { type: 'pong' };
