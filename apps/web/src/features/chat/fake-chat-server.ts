import type { ChatConversation, ChatMessage } from '@portal/shared/schemas/chat';
import { vi } from 'vitest';

/** The signed-in user of the chat page tests. */
export const ME = 1;

interface FakeConversation {
  id: number;
  peer: { id: number; name: string };
  messages: ChatMessage[];
}

function envelope(data: unknown, status = 200): Response {
  return Response.json({ code: '000000', message: 'ok', data }, { status });
}

/**
 * The REST side of 房聊 for the page tests, as `fetch`: the caller, the conversation list (most
 * recent first), the
 * history (newest page or `after=<id>`), reads, and picture uploads answered by `onImage`.
 * Records every request so a test can say what the page asked for.
 */
export function fakeChatServer(conversations: FakeConversation[]) {
  const requests: { method: string; url: URL; body?: BodyInit | null }[] = [];
  let nextId = 100;
  const unreadOf = (c: FakeConversation) =>
    c.messages.filter((m) => m.receiverId === ME && !m.readAt).length;
  const summary = (c: FakeConversation): ChatConversation => ({
    id: c.id,
    kind: 'listing',
    peer: { ...c.peer, avatar: null },
    listing: null,
    lastMessage: c.messages.at(-1) ?? null,
    unread: unreadOf(c),
    updatedAt: c.messages.at(-1)?.createdAt ?? '2026-01-01T00:00:00.000Z',
    blockedByMe: false,
    blockedMe: false,
    closed: false,
    reportedByMe: false,
  });
  const find = (id: number) => conversations.find((c) => c.id === id);

  const server = {
    requests,
    /** What the page would get for a picture upload (default: stored as the next message). */
    onImage: (conversationId: number): Response => {
      const stored = server.add(conversationId, ME, 'image', `chat/${conversationId}/pic.png`);
      return envelope(stored);
    },
    /** Stores a message as the server would (e.g. sent by the peer while the page is away). */
    add(conversationId: number, senderId: number, type: 'text' | 'image', body: string) {
      const conversation = find(conversationId);
      if (!conversation) throw new Error(`no conversation ${conversationId}`);
      nextId += 1;
      const message: ChatMessage = {
        id: nextId,
        conversationId,
        senderId,
        receiverId: senderId === ME ? conversation.peer.id : ME,
        type,
        body,
        clientId: null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 2, nextId % 60)).toISOString(),
        deliveredAt: null,
        readAt: null,
      };
      conversation.messages.push(message);
      return message;
    },
    /** The history calls of one conversation, as their query parameters. */
    historyQueries(conversationId: number): URLSearchParams[] {
      const path = `/api/chat/conversations/${conversationId}/messages`;
      return requests.filter((r) => r.url.pathname === path).map((r) => r.url.searchParams);
    },
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    requests.push({ method, url, body: init?.body });
    const path = url.pathname;
    if (path === '/api/auth/me') return envelope({ userId: ME });
    if (path === '/api/chat/conversations') {
      const list = conversations.map(summary);
      return envelope(list.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
    }
    const match = /^\/api\/chat\/conversations\/(\d+)\/(messages|read|images)$/.exec(path);
    const conversation = match ? find(Number(match[1])) : undefined;
    if (!match || !conversation) return envelope(null, 404);
    if (match[2] === 'read') return envelope(null);
    if (match[2] === 'images') return server.onImage(conversation.id);
    const after = Number(url.searchParams.get('after') ?? NaN);
    const messages = Number.isNaN(after)
      ? conversation.messages.slice(-20)
      : conversation.messages.filter((m) => m.id > after);
    return envelope({ messages, hasMore: false });
  });
  return { ...server, fetchMock };
}

/** A message a conversation starts with (ids below 100: `add` numbers from 101). */
export function startingMessage(
  id: number,
  conversationId: number,
  senderId: number,
  receiverId: number,
  body: string,
): ChatMessage {
  return {
    id,
    conversationId,
    senderId,
    receiverId,
    type: 'text',
    body,
    clientId: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 1, id)).toISOString(),
    deliveredAt: null,
    readAt: null,
  };
}
