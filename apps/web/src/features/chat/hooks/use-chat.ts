import type { ChatServerFrame } from '@portal/shared/schemas/chat';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError } from '../../../lib/notify';
import {
  fetchConversations,
  fetchMessages,
  markReadOverHttp,
  sendImage,
  sendTextOverHttp,
  startConversation,
} from '../api/chat-api';
import { ChatConnection, chatSocketUrl } from '../chat-connection';
import { chatReducer, type ChatState, initialChatState, newClientId } from '../chat-state';

/** A send not acknowledged over the socket within this time is retried over HTTP (same id). */
const ACK_TIMEOUT_MS = 8000;

export interface UseChatOptions {
  /** Open (starting if needed) the conversation with this user. */
  targetId?: number;
  /** Where the unread total is posted (the embedding site's origin); unset: not embedded. */
  parentOrigin?: string;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : '发送失败，请稍后重试';
}

/**
 * Everything the 房聊 page does: the conversation list, threads with upward paging, sending text
 * and pictures, delivery and read state, and a socket that reconnects with back-off and then
 * fetches whatever arrived meanwhile.
 */
export function useChat({ targetId, parentOrigin }: UseChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const stateRef = useRef<ChatState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const connectionRef = useRef<ChatConnection | null>(null);
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const readSent = useRef(new Map<number, number>());
  const { data: me } = useCurrentUser();

  useEffect(() => {
    if (me) dispatch({ type: 'me', id: me.userId });
  }, [me]);

  const clearAck = useCallback((clientId: string | null | undefined) => {
    if (!clientId) return;
    clearTimeout(ackTimers.current.get(clientId));
    ackTimers.current.delete(clientId);
  }, []);

  const sendOverHttp = useCallback((conversationId: number, text: string, clientId: string) => {
    sendTextOverHttp(conversationId, text, clientId)
      .then((message) => dispatch({ type: 'messages', messages: [message] }))
      .catch((error: unknown) => {
        dispatch({ type: 'pendingFailed', clientId });
        notifyError(messageOf(error));
      });
  }, []);

  const deliver = useCallback(
    (conversationId: number, text: string, clientId: string) => {
      const sent = connectionRef.current?.send({ type: 'send', conversationId, text, clientId });
      if (!sent) {
        sendOverHttp(conversationId, text, clientId);
        return;
      }
      ackTimers.current.set(
        clientId,
        setTimeout(() => {
          ackTimers.current.delete(clientId);
          sendOverHttp(conversationId, text, clientId);
        }, ACK_TIMEOUT_MS),
      );
    },
    [sendOverHttp],
  );

  /** Fetches the conversation list and, for every open thread, the messages after its last one. */
  const catchUp = useCallback(async () => {
    try {
      dispatch({ type: 'conversations', list: await fetchConversations() });
      for (const [key, thread] of Object.entries(stateRef.current.threads)) {
        const id = Number(key);
        let after = thread.messages.at(-1)?.id ?? 0;
        for (let page = 0; page < 20; page += 1) {
          const result = await fetchMessages(id, { after, limit: 100 });
          if (result.messages.length > 0) dispatch({ type: 'messages', messages: result.messages });
          after = result.messages.at(-1)?.id ?? after;
          if (!result.hasMore) break;
        }
      }
    } catch {
      // The next reconnection tries again.
    }
  }, []);

  const handleFrame = useCallback(
    (frame: ChatServerFrame) => {
      switch (frame.type) {
        case 'ack':
          clearAck(frame.clientId);
          dispatch({ type: 'messages', messages: [frame.message] });
          break;
        case 'message':
          clearAck(frame.message.clientId);
          dispatch({ type: 'messages', messages: [frame.message] });
          break;
        case 'delivered':
          dispatch({ ...frame, type: 'delivered' });
          break;
        case 'read':
          dispatch({ ...frame, type: 'read' });
          break;
        case 'error':
          if (frame.clientId) {
            clearAck(frame.clientId);
            dispatch({ type: 'pendingFailed', clientId: frame.clientId });
          }
          if (frame.code !== '90001') notifyError(frame.message);
          break;
        default:
          break;
      }
    },
    [clearAck],
  );

  // The socket lives as long as the page.
  useEffect(() => {
    const connection = new ChatConnection(chatSocketUrl(window.location), {
      getToken: () => authStore.getState().token,
      onFrame: handleFrame,
      onStatus: (status) => dispatch({ type: 'status', status }),
      onReady: () => void catchUp(),
      onUnauthorised: () => dispatch({ type: 'status', status: 'offline' }),
    });
    connectionRef.current = connection;
    connection.start();
    const online = () => connection.reconnectNow();
    window.addEventListener('online', online);
    const timers = ackTimers.current;
    return () => {
      window.removeEventListener('online', online);
      connection.stop();
      connectionRef.current = null;
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    };
  }, [handleFrame, catchUp]);

  const select = useCallback(async (id: number) => {
    dispatch({ type: 'select', id });
    if (stateRef.current.threads[id]) return;
    try {
      const result = await fetchMessages(id);
      dispatch({ type: 'thread', id, messages: result.messages, hasMore: result.hasMore });
    } catch (error) {
      notifyError(messageOf(error));
    }
  }, []);

  // First load: the list, then the target's conversation (started if new) or the newest one.
  const meId = state.meId;
  useEffect(() => {
    if (meId === null) return;
    let cancelled = false;
    void (async () => {
      try {
        const list = await fetchConversations();
        if (cancelled) return;
        dispatch({ type: 'conversations', list });
        if (targetId !== undefined && targetId !== meId) {
          const conversation = await startConversation(targetId);
          if (cancelled) return;
          dispatch({ type: 'conversation', conversation });
          await select(conversation.id);
        } else if (list[0]) {
          await select(list[0].id);
        }
      } catch {
        // Shown by the api client's toast where it matters; the list stays empty.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [meId, targetId, select]);

  // Mark the open conversation read while the page is visible.
  const activeId = state.activeId;
  const activeMessages = activeId === null ? undefined : state.threads[activeId]?.messages;
  useEffect(() => {
    if (activeId === null || !activeMessages || meId === null) return;
    const unread = activeMessages.filter((m) => m.receiverId === meId && !m.readAt);
    const last = unread.at(-1);
    if (!last || readSent.current.get(activeId) === last.id) return;
    const markNow = () => {
      if (document.visibilityState !== 'visible') return;
      readSent.current.set(activeId, last.id);
      const sent = connectionRef.current?.send({
        type: 'read',
        conversationId: activeId,
        upToId: last.id,
      });
      if (!sent) void markReadOverHttp(activeId, last.id).catch(() => undefined);
      dispatch({
        type: 'read',
        conversationId: activeId,
        readerId: meId,
        upToId: last.id,
        at: new Date().toISOString(),
      });
    };
    markNow();
    document.addEventListener('visibilitychange', markNow);
    return () => document.removeEventListener('visibilitychange', markNow);
  }, [activeId, activeMessages, meId]);

  // Tell the embedding page the unread total, for its badge.
  const unreadTotal = state.conversations.reduce((sum, c) => sum + c.unread, 0);
  useEffect(() => {
    if (!parentOrigin || window.parent === window) return;
    window.parent.postMessage({ type: 'portal-chat:unread', unread: unreadTotal }, parentOrigin);
  }, [unreadTotal, parentOrigin]);

  const sendText = useCallback(
    (text: string) => {
      const conversationId = stateRef.current.activeId;
      if (conversationId === null) return;
      const clientId = newClientId();
      dispatch({
        type: 'pending',
        message: {
          clientId,
          conversationId,
          text,
          state: 'sending',
          createdAt: new Date().toISOString(),
        },
      });
      deliver(conversationId, text, clientId);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = stateRef.current.pending.find((p) => p.clientId === clientId);
      if (!pending) return;
      dispatch({ type: 'pendingRetry', clientId });
      deliver(pending.conversationId, pending.text, clientId);
    },
    [deliver],
  );

  const sendPicture = useCallback(async (file: File) => {
    const conversationId = stateRef.current.activeId;
    if (conversationId === null) return;
    try {
      const message = await sendImage(conversationId, file);
      dispatch({ type: 'messages', messages: [message] });
    } catch {
      // The api client showed the server's message.
    }
  }, []);

  const loadOlder = useCallback(async () => {
    const id = stateRef.current.activeId;
    const thread = id === null ? undefined : stateRef.current.threads[id];
    if (id === null || !thread?.hasMore) return;
    const before = thread.messages[0]?.id;
    try {
      const result = await fetchMessages(id, { before });
      dispatch({ type: 'older', id, messages: result.messages, hasMore: result.hasMore });
    } catch (error) {
      notifyError(messageOf(error));
    }
  }, []);

  return { state, select, sendText, retry, sendPicture, loadOlder };
}
