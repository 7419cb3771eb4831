import type { ChatConversation, ChatMessage } from '@portal/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import { backoffDelay, chatSocketUrl } from './chat-connection';
import { chatReducer, type ChatState, initialChatState, mergeById, receiptOf } from './chat-state';

const ME = 1;
const PEER = 2;

function message(id: number, from: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversationId: 10,
    senderId: from,
    receiverId: from === ME ? PEER : ME,
    type: 'text',
    body: `消息${id}`,
    clientId: null,
    createdAt: new Date(2026, 0, 1, 10, id).toISOString(),
    deliveredAt: null,
    readAt: null,
    ...extra,
  };
}

function conversation(id: number, unread = 0): ChatConversation {
  return {
    id,
    kind: 'listing',
    peer: { id: PEER, name: '对方', avatar: null },
    listing: null,
    lastMessage: null,
    unread,
    updatedAt: new Date(2026, 0, 1, 9, id).toISOString(),
    blockedByMe: false,
    blockedMe: false,
    closed: false,
    reportedByMe: false,
  };
}

function stateWith(patch: Partial<ChatState>): ChatState {
  return { ...initialChatState, meId: ME, ...patch };
}

describe('chat state', () => {
  it('merges messages by id in order, keeping receipts', () => {
    const merged = mergeById(
      [message(3, ME, { deliveredAt: 'x' }), message(1, PEER)],
      [message(2, PEER), message(3, ME)],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]?.deliveredAt).toBe('x');
  });

  it('counts a live message as unread only outside the open conversation', () => {
    let state = stateWith({ conversations: [conversation(10), conversation(11)], activeId: 11 });
    state = chatReducer(state, { type: 'messages', messages: [message(5, PEER)] });
    expect(state.conversations[0]).toMatchObject({ id: 10, unread: 1 });
    expect(state.conversations[0]?.lastMessage?.id).toBe(5);
    // The same message again (socket and catch-up) is not counted twice.
    state = chatReducer(state, {
      type: 'thread',
      id: 10,
      messages: [message(5, PEER)],
      hasMore: false,
    });
    state = chatReducer(state, { type: 'messages', messages: [message(5, PEER)] });
    expect(state.conversations[0]?.unread).toBe(1);
    state = chatReducer(state, { type: 'select', id: 10 });
    expect(state.conversations.find((c) => c.id === 10)?.unread).toBe(0);
  });

  it('does not count again what a catch-up snapshot already counted', () => {
    // After a reconnection the list arrives first (two unread, the last one is 6), then the
    // messages after the thread's last one: the same two messages.
    let state = stateWith({ conversations: [conversation(10), conversation(11)], activeId: 11 });
    state = chatReducer(state, {
      type: 'thread',
      id: 10,
      messages: [message(4, PEER)],
      hasMore: false,
    });
    state = chatReducer(state, {
      type: 'conversations',
      list: [{ ...conversation(10, 2), lastMessage: message(6, PEER) }],
    });
    state = chatReducer(state, {
      type: 'messages',
      messages: [message(5, PEER), message(6, PEER)],
    });
    expect(state.conversations.find((c) => c.id === 10)?.unread).toBe(2);
    expect(state.threads[10]?.messages.map((m) => m.id)).toEqual([4, 5, 6]);
    // A message newer than the snapshot still counts.
    state = chatReducer(state, { type: 'messages', messages: [message(7, PEER)] });
    expect(state.conversations.find((c) => c.id === 10)?.unread).toBe(3);
  });

  it('replaces a pending message by the stored one with the same clientId', () => {
    let state = stateWith({ conversations: [conversation(10)], activeId: 10 });
    state = chatReducer(state, {
      type: 'pending',
      message: {
        clientId: 'c1',
        conversationId: 10,
        text: '你好',
        state: 'sending',
        createdAt: '',
      },
    });
    state = chatReducer(state, { type: 'pendingFailed', clientId: 'c1' });
    expect(state.pending[0]?.state).toBe('failed');
    state = chatReducer(state, { type: 'thread', id: 10, messages: [], hasMore: false });
    state = chatReducer(state, {
      type: 'messages',
      messages: [message(7, ME, { clientId: 'c1' })],
    });
    expect(state.pending).toEqual([]);
    expect(state.threads[10]?.messages.map((m) => m.id)).toEqual([7]);
  });

  it('applies delivery and read receipts to my messages', () => {
    let state = stateWith({ conversations: [conversation(10)] });
    state = chatReducer(state, {
      type: 'thread',
      id: 10,
      messages: [message(1, ME), message(2, ME), message(3, PEER)],
      hasMore: true,
    });
    state = chatReducer(state, { type: 'delivered', conversationId: 10, ids: [1, 2], at: 't1' });
    expect(state.threads[10]?.messages.map(receiptOf)).toEqual(['已送达', '已送达', '已发送']);
    state = chatReducer(state, {
      type: 'read',
      conversationId: 10,
      readerId: PEER,
      upToId: 1,
      at: 't2',
    });
    expect(state.threads[10]?.messages.map(receiptOf).slice(0, 2)).toEqual(['已读', '已送达']);
  });

  it('pages older messages in front of the loaded ones', () => {
    let state = stateWith({});
    state = chatReducer(state, {
      type: 'thread',
      id: 10,
      messages: [message(21, ME)],
      hasMore: true,
    });
    state = chatReducer(state, {
      type: 'older',
      id: 10,
      messages: [message(19, PEER), message(20, ME)],
      hasMore: false,
    });
    expect(state.threads[10]).toMatchObject({ hasMore: false });
    expect(state.threads[10]?.messages.map((m) => m.id)).toEqual([19, 20, 21]);
  });
});

describe('chat connection', () => {
  it('backs off from 1 s doubling up to 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });

  it('uses the page host with ws or wss', () => {
    expect(chatSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/chat/ws',
    );
    expect(chatSocketUrl({ protocol: 'https:', host: 'fc.example.cn' })).toBe(
      'wss://fc.example.cn/api/chat/ws',
    );
  });
});
