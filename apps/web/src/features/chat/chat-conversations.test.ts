import type { ChatConversation, ChatMessage } from '@portal/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import { chatReducer, type ChatState, initialChatState } from './chat-state';

const ME = 1;
const PEER = 2;

function message(id: number, conversationId: number, from = PEER): ChatMessage {
  return {
    id,
    conversationId,
    senderId: from,
    receiverId: from === ME ? PEER : ME,
    type: 'text',
    body: `消息${id}`,
    clientId: null,
    createdAt: new Date(2026, 0, 1, 10, id).toISOString(),
    deliveredAt: null,
    readAt: null,
  };
}

function conversation(id: number, unread = 0, last: ChatMessage | null = null): ChatConversation {
  return {
    id,
    kind: 'listing',
    peer: { id: PEER + id, name: `对方${id}`, avatar: null },
    listing: null,
    lastMessage: last,
    unread,
    updatedAt: last?.createdAt ?? new Date(2026, 0, 1, 9, id).toISOString(),
    blockedByMe: false,
    blockedMe: false,
    closed: false,
    reportedByMe: false,
  };
}

const totalUnread = (state: ChatState) => state.conversations.reduce((n, c) => n + c.unread, 0);

function signedIn(patch: Partial<ChatState> = {}): ChatState {
  return { ...initialChatState, meId: ME, ...patch };
}

describe('conversation list merging', () => {
  it('keeps a conversation started here when an older list arrives afterwards', () => {
    let state = signedIn({ conversations: [conversation(10)] });
    state = chatReducer(state, { type: 'conversation', conversation: conversation(11) });
    state = chatReducer(state, { type: 'select', id: 11 });
    // A catch-up list fetched before the conversation existed.
    state = chatReducer(state, { type: 'conversations', list: [conversation(10, 2)] });
    expect(state.conversations.map((c) => c.id).sort()).toEqual([10, 11]);
    expect(state.conversations.find((c) => c.id === state.activeId)).toBeDefined();
    expect(state.conversations.find((c) => c.id === 10)?.unread).toBe(2);
  });

  it('never gives the open conversation an unread count back', () => {
    let state = signedIn({ conversations: [conversation(10), conversation(11)] });
    state = chatReducer(state, { type: 'select', id: 10 });
    state = chatReducer(state, {
      type: 'conversations',
      list: [conversation(10, 3, message(30, 10)), conversation(11, 1, message(31, 11))],
    });
    expect(state.conversations.find((c) => c.id === 10)?.unread).toBe(0);
    expect(totalUnread(state)).toBe(1);
    state = chatReducer(state, { type: 'conversation', conversation: conversation(10, 4) });
    expect(state.conversations.find((c) => c.id === 10)?.unread).toBe(0);
  });

  it('does not let a list older than a live message undo it', () => {
    let state = signedIn({ conversations: [conversation(10, 0, message(5, 10))] });
    state = chatReducer(state, { type: 'messages', messages: [message(6, 10)] });
    expect(state.conversations[0]).toMatchObject({ unread: 1, lastMessage: { id: 6 } });
    state = chatReducer(state, {
      type: 'conversations',
      list: [conversation(10, 0, message(5, 10))],
    });
    expect(state.conversations[0]).toMatchObject({ unread: 1, lastMessage: { id: 6 } });
  });

  it('keeps the listing a resumed conversation is about when an older list arrives', () => {
    const listing = { id: 7, type: 1, title: '澜庭大厦 一室一厅' };
    let state = signedIn({ conversations: [conversation(10)] });
    // Resumed from a listing's 房聊 button: the answer names the listing.
    state = chatReducer(state, {
      type: 'conversation',
      conversation: { ...conversation(10), listing },
    });
    // The reconnect catch-up list was read before the conversation was resumed.
    state = chatReducer(state, { type: 'conversations', list: [conversation(10)] });
    expect(state.conversations[0]?.listing).toEqual(listing);
  });

  it('adds a conversation someone else started, with its unread count in the total', () => {
    let state = signedIn({ conversations: [conversation(10, 1, message(3, 10))] });
    // The live message of an unknown conversation changes nothing until the page fetches it.
    state = chatReducer(state, { type: 'messages', messages: [message(8, 12)] });
    expect(totalUnread(state)).toBe(1);
    state = chatReducer(state, {
      type: 'conversation',
      conversation: conversation(12, 1, message(8, 12)),
    });
    expect(state.conversations[0]?.id).toBe(12);
    expect(totalUnread(state)).toBe(2);
  });
});

describe('reading clears unread counts', () => {
  it('clears a conversation I read in another tab', () => {
    let state = signedIn({ conversations: [conversation(10, 2, message(9, 10))] });
    const read = { type: 'read', conversationId: 10, readerId: ME, at: 't' } as const;
    state = chatReducer(state, { ...read, upToId: 8 });
    expect(state.conversations[0]?.unread).toBe(2);
    state = chatReducer(state, { ...read, upToId: 9 });
    expect(state.conversations[0]?.unread).toBe(0);
  });

  it('counts what is left above the mark in a loaded thread', () => {
    let state = signedIn({ conversations: [conversation(10, 3, message(7, 10))] });
    state = chatReducer(state, {
      type: 'thread',
      id: 10,
      messages: [message(5, 10), message(6, 10), message(7, 10)],
      hasMore: false,
    });
    state = chatReducer(state, {
      type: 'read',
      conversationId: 10,
      readerId: ME,
      upToId: 5,
      at: 't',
    });
    expect(state.conversations[0]?.unread).toBe(2);
    // The peer reading my messages changes nothing of mine.
    state = chatReducer(state, {
      type: 'read',
      conversationId: 10,
      readerId: PEER,
      upToId: 7,
      at: 't',
    });
    expect(state.conversations[0]?.unread).toBe(2);
  });
});
