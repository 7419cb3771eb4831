import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { sendImage, sendTextOverHttp } from '../api/chat-api';
import type { ChatConnection } from '../chat-connection';
import { type ChatAction, type ChatState, newClientId } from '../chat-state';

/** A send not acknowledged over the socket within this time is retried over HTTP (same id). */
const ACK_TIMEOUT_MS = 8000;

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : '发送失败，请稍后重试';
}

interface ChatSendingDeps {
  connectionRef: RefObject<ChatConnection | null>;
  stateRef: RefObject<ChatState>;
  dispatch: Dispatch<ChatAction>;
}

/**
 * Sending in the open conversation: text goes over the socket with a client id and falls back
 * to HTTP (same id, so stored once) when the socket is down or the acknowledgement is late;
 * pictures go over HTTP. `settle(clientId)` stops waiting for a send the socket acknowledged or
 * refused.
 */
export function useChatSending({ connectionRef, stateRef, dispatch }: ChatSendingDeps) {
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = ackTimers.current;
    return () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    };
  }, []);

  const settle = useCallback((clientId: string | null | undefined) => {
    if (!clientId) return;
    clearTimeout(ackTimers.current.get(clientId));
    ackTimers.current.delete(clientId);
  }, []);

  const sendOverHttp = useCallback(
    (conversationId: number, text: string, clientId: string) => {
      sendTextOverHttp(conversationId, text, clientId)
        .then((message) => dispatch({ type: 'messages', messages: [message] }))
        .catch((error: unknown) => {
          dispatch({ type: 'pendingFailed', clientId });
          notifyError(messageOf(error));
        });
    },
    [dispatch],
  );

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
    [connectionRef, sendOverHttp],
  );

  const sendText = useCallback(
    (text: string) => {
      const conversationId = stateRef.current.activeId;
      if (conversationId === null) return;
      const clientId = newClientId();
      const createdAt = new Date().toISOString();
      dispatch({
        type: 'pending',
        message: { clientId, conversationId, text, state: 'sending', createdAt },
      });
      deliver(conversationId, text, clientId);
    },
    [deliver, dispatch, stateRef],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = stateRef.current.pending.find((p) => p.clientId === clientId);
      if (!pending) return;
      dispatch({ type: 'pendingRetry', clientId });
      deliver(pending.conversationId, pending.text, clientId);
    },
    [deliver, dispatch, stateRef],
  );

  const sendPicture = useCallback(
    async (file: File) => {
      const conversationId = stateRef.current.activeId;
      if (conversationId === null) return;
      try {
        const message = await sendImage(conversationId, file);
        dispatch({ type: 'messages', messages: [message] });
      } catch {
        // The api client showed the server's message.
      }
    },
    [dispatch, stateRef],
  );

  return { settle, sendText, retry, sendPicture };
}
