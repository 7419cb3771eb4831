import type { ChatConversation, ChatMessage, ChatPeer } from '@portal/shared/schemas/chat';
import type { ConnectionStatus } from './chat-connection';
import {
  mergeConversation,
  mergeConversations,
  sortConversations,
  unreadAfterMyRead,
} from './chat-conversations';

/** A message typed here that the server has not confirmed yet. */
export interface PendingMessage {
  clientId: string;
  conversationId: number;
  text: string;
  state: 'sending' | 'failed';
  createdAt: string;
}

export interface Thread {
  messages: ChatMessage[];
  hasMore: boolean;
}

export interface ChatState {
  meId: number | null;
  conversations: ChatConversation[];
  activeId: number | null;
  threads: Record<number, Thread>;
  pending: PendingMessage[];
  status: ConnectionStatus;
}

export const initialChatState: ChatState = {
  meId: null,
  conversations: [],
  activeId: null,
  threads: {},
  pending: [],
  status: 'connecting',
};

export type ChatAction =
  | { type: 'me'; id: number }
  | { type: 'status'; status: ConnectionStatus }
  | { type: 'conversations'; list: ChatConversation[] }
  | { type: 'conversation'; conversation: ChatConversation }
  | { type: 'select'; id: number }
  | { type: 'thread'; id: number; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'older'; id: number; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'messages'; messages: ChatMessage[] }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'pendingFailed'; clientId: string }
  | { type: 'pendingRetry'; clientId: string }
  | { type: 'delivered'; conversationId: number; ids: number[]; at: string }
  | { type: 'read'; conversationId: number; readerId: number; upToId: number; at: string };

/** Messages by id, without duplicates, oldest first. */
export function mergeById(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    // Keep the freshest receipt state whichever copy arrives last.
    byId.set(message.id, {
      ...message,
      deliveredAt: message.deliveredAt ?? known?.deliveredAt ?? null,
      readAt: message.readAt ?? known?.readAt ?? null,
    });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function applyToMessages(
  state: ChatState,
  conversationId: number,
  change: (message: ChatMessage) => ChatMessage,
): ChatState {
  const thread = state.threads[conversationId];
  const conversations = state.conversations.map((conversation) =>
    conversation.id === conversationId && conversation.lastMessage
      ? { ...conversation, lastMessage: change(conversation.lastMessage) }
      : conversation,
  );
  if (!thread) return { ...state, conversations };
  return {
    ...state,
    conversations,
    threads: {
      ...state.threads,
      [conversationId]: { ...thread, messages: thread.messages.map(change) },
    },
  };
}

/** The 房聊 page state: conversations, loaded threads, unconfirmed sends and the connection. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'me':
      return { ...state, meId: action.id };
    case 'status':
      return { ...state, status: action.status };
    case 'conversations':
      return {
        ...state,
        conversations: mergeConversations(state.conversations, action.list, state.activeId),
      };
    case 'conversation': {
      const { conversation } = action;
      const known = state.conversations.find((c) => c.id === conversation.id);
      const others = state.conversations.filter((c) => c.id !== conversation.id);
      const merged = mergeConversation(known, conversation, state.activeId);
      return { ...state, conversations: sortConversations([merged, ...others]) };
    }
    case 'select':
      return {
        ...state,
        activeId: action.id,
        conversations: state.conversations.map((c) =>
          c.id === action.id ? { ...c, unread: 0 } : c,
        ),
      };
    case 'thread':
      return {
        ...state,
        threads: {
          ...state.threads,
          [action.id]: {
            messages: mergeById(state.threads[action.id]?.messages ?? [], action.messages),
            hasMore: action.hasMore,
          },
        },
      };
    case 'older': {
      const thread = state.threads[action.id];
      return {
        ...state,
        threads: {
          ...state.threads,
          [action.id]: {
            messages: mergeById(thread?.messages ?? [], action.messages),
            hasMore: action.hasMore,
          },
        },
      };
    }
    case 'messages': {
      let next = state;
      for (const message of action.messages) {
        const id = message.conversationId;
        const thread = next.threads[id];
        const threads = thread
          ? {
              ...next.threads,
              [id]: { ...thread, messages: mergeById(thread.messages, [message]) },
            }
          : next.threads;
        const isIncoming = message.receiverId === next.meId;
        const known = thread?.messages.some((m) => m.id === message.id) ?? false;
        const conversations = next.conversations.map((c) => {
          if (c.id !== id) return c;
          const newer = !c.lastMessage || c.lastMessage.id <= message.id;
          // The count already covers messages up to the last one it knows (a server snapshot
          // fetched on reconnection counts the very messages the catch-up brings next).
          const isCounted = known || (c.lastMessage?.id ?? 0) >= message.id;
          return {
            ...c,
            lastMessage: newer ? message : c.lastMessage,
            updatedAt: newer ? message.createdAt : c.updatedAt,
            unread:
              isIncoming && !isCounted && id !== next.activeId && !message.readAt
                ? c.unread + 1
                : c.unread,
          };
        });
        next = {
          ...next,
          threads,
          conversations: sortConversations(conversations),
          pending: message.clientId
            ? next.pending.filter((p) => p.clientId !== message.clientId)
            : next.pending,
        };
      }
      return next;
    }
    case 'pending':
      return { ...state, pending: [...state.pending, action.message] };
    case 'pendingFailed':
      return {
        ...state,
        pending: state.pending.map((p) =>
          p.clientId === action.clientId ? { ...p, state: 'failed' } : p,
        ),
      };
    case 'pendingRetry':
      return {
        ...state,
        pending: state.pending.map((p) =>
          p.clientId === action.clientId ? { ...p, state: 'sending' } : p,
        ),
      };
    case 'delivered': {
      const ids = new Set(action.ids);
      return applyToMessages(state, action.conversationId, (m) =>
        ids.has(m.id) && !m.deliveredAt ? { ...m, deliveredAt: action.at } : m,
      );
    }
    case 'read': {
      const next = applyToMessages(state, action.conversationId, (m) =>
        m.receiverId === action.readerId && m.id <= action.upToId && !m.readAt
          ? { ...m, readAt: action.at, deliveredAt: m.deliveredAt ?? action.at }
          : m,
      );
      const meId = state.meId;
      if (action.readerId !== meId || meId === null) return next;
      // Read by me (here or in another tab): the conversation's unread count follows.
      const thread = next.threads[action.conversationId]?.messages;
      return {
        ...next,
        conversations: next.conversations.map((c) =>
          c.id === action.conversationId
            ? { ...c, unread: unreadAfterMyRead(c, thread, meId, action.upToId) }
            : c,
        ),
      };
    }
    default:
      return state;
  }
}

/** The receipt shown under one of my own messages. */
export function receiptOf(message: ChatMessage): '已读' | '已送达' | '已发送' {
  if (message.readAt) return '已读';
  if (message.deliveredAt) return '已送达';
  return '已发送';
}

/** A peer known only from the page's query parameters, until the server answers. */
export function peerFromParams(id: number, name: string | null, avatar: string | null): ChatPeer {
  return { id, name: name || `用户${id}`, avatar: avatar || null };
}

/** A random id for a message being sent (8–64 URL-safe characters, as the server expects). */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
