import { API_CODE } from '@portal/shared/api-code';
import type { ChatServerFrame } from '@portal/shared/schemas/chat';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError } from '../../../lib/notify';
import {
  fetchConversation,
  fetchConversations,
  fetchMessages,
  markReadOverHttp,
  startConversation,
} from '../api/chat-api';
import { ChatConnection, chatSocketUrl } from '../chat-connection';
import { chatReducer, type ChatState, initialChatState } from '../chat-state';
import { useChatSending } from './use-chat-send';

export interface UseChatOptions {
  /** Open (starting if needed) the conversation about this listing, with its publisher. */
  listingId?: number;
  /** Open (starting if needed) the conversation with the operators' service channel. */
  service?: boolean;
  /** Select the existing conversation with this user, if there is one (never starts one). */
  targetId?: number;
  /** Where the unread total is posted (the embedding site's origin); unset: not embedded. */
  parentOrigin?: string;
  /**
   * Open the newest conversation when there is no target (default). A phone shows the list
   * first instead, so nothing is marked read before the user opens it.
   */
  selectNewest?: boolean;
}

/** How many times a newly seen conversation is fetched again while messages keep arriving. */
const LEARN_ATTEMPTS = 3;

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : '加载失败，请稍后重试';
}

/**
 * Everything the 房聊 page does: the conversation list, threads with upward paging, sending text
 * and pictures, delivery and read state, and a socket that reconnects with back-off and then
 * fetches whatever arrived meanwhile, including conversations others started.
 */
export function useChat({
  listingId,
  service,
  targetId,
  parentOrigin,
  selectNewest = true,
}: UseChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const stateRef = useRef<ChatState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const connectionRef = useRef<ChatConnection | null>(null);
  const readSent = useRef(new Map<number, number>());
  /** Conversations being fetched → the newest message id seen for them meanwhile. */
  const learning = useRef(new Map<number, number>());
  const { data: me } = useCurrentUser();
  const { settle, sendText, retry, sendPicture } = useChatSending({
    connectionRef,
    stateRef,
    dispatch,
  });

  useEffect(() => {
    if (me) dispatch({ type: 'me', id: me.userId });
  }, [me]);

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

  /**
   * A message of a conversation this page does not know (someone started it): fetch the
   * conversation, and again if newer messages arrived while it was on its way.
   */
  const learnConversation = useCallback(async (id: number, messageId: number) => {
    const pending = learning.current;
    if (pending.has(id)) {
      pending.set(id, Math.max(pending.get(id) ?? 0, messageId));
      return;
    }
    pending.set(id, messageId);
    try {
      for (let attempt = 0; attempt < LEARN_ATTEMPTS; attempt += 1) {
        const conversation = await fetchConversation(id);
        dispatch({ type: 'conversation', conversation });
        if ((conversation.lastMessage?.id ?? 0) >= (pending.get(id) ?? 0)) break;
      }
    } catch {
      // The next catch-up (after any reconnection) brings it.
    } finally {
      pending.delete(id);
    }
  }, []);

  const handleFrame = useCallback(
    (frame: ChatServerFrame) => {
      switch (frame.type) {
        case 'ack':
          settle(frame.clientId);
          dispatch({ type: 'messages', messages: [frame.message] });
          break;
        case 'message': {
          const { message } = frame;
          settle(message.clientId);
          dispatch({ type: 'messages', messages: [message] });
          const isKnown = stateRef.current.conversations.some(
            (c) => c.id === message.conversationId,
          );
          if (!isKnown) void learnConversation(message.conversationId, message.id);
          break;
        }
        case 'delivered':
          dispatch({ ...frame, type: 'delivered' });
          break;
        case 'read':
          dispatch({ ...frame, type: 'read' });
          break;
        case 'error':
          if (frame.clientId) {
            settle(frame.clientId);
            dispatch({ type: 'pendingFailed', clientId: frame.clientId });
          }
          if (frame.code !== API_CODE.INVALID_SESSION) notifyError(frame.message);
          break;
        default:
          break;
      }
    },
    [settle, learnConversation],
  );

  // The socket lives as long as the page.
  useEffect(() => {
    const connection = new ChatConnection(chatSocketUrl(window.location), {
      getSession: () => authStore.getState().session,
      onFrame: handleFrame,
      onStatus: (status) => dispatch({ type: 'status', status }),
      onReady: () => void catchUp(),
      onUnauthorised: () => dispatch({ type: 'status', status: 'unauthorised' }),
    });
    connectionRef.current = connection;
    connection.start();
    const online = () => connection.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      connection.stop();
      connectionRef.current = null;
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
        const known = list.find((c) => targetId !== undefined && c.peer.id === targetId);
        if (listingId !== undefined || service) {
          const conversation = await startConversation(
            listingId !== undefined ? { listingId } : { channel: 'service' },
          );
          if (cancelled) return;
          dispatch({ type: 'conversation', conversation });
          await select(conversation.id);
        } else if (known ?? (selectNewest ? list[0] : undefined)) {
          await select((known ?? list[0])!.id);
        }
      } catch {
        // Shown by the api client's toast where it matters; the list stays empty.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [meId, targetId, listingId, service, select, selectNewest]);

  /** Fetches one conversation again (after a block, an unblock or a report). */
  const refresh = useCallback(async (id: number) => {
    try {
      dispatch({ type: 'conversation', conversation: await fetchConversation(id) });
    } catch (error) {
      notifyError(messageOf(error));
    }
  }, []);

  /**
   * Starts (if needed) the conversation with 平台客服 and answers its id for the page to open;
   * undefined when it could not be started.
   */
  const openService = useCallback(async (): Promise<number | undefined> => {
    try {
      const conversation = await startConversation({ channel: 'service' });
      dispatch({ type: 'conversation', conversation });
      return conversation.id;
    } catch {
      // The api client has shown the reason.
      return undefined;
    }
  }, []);

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

  return { state, select, sendText, retry, sendPicture, loadOlder, refresh, openService };
}
