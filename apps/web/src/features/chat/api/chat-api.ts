import type { ChatReportReason } from '@portal/shared/constants/chat';
import type { ChatConversation, ChatMessage, ChatStartBody } from '@portal/shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, request } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

export interface ChatHistory {
  messages: ChatMessage[];
  hasMore: boolean;
}

export function fetchConversations(): Promise<ChatConversation[]> {
  return apiGet<ChatConversation[]>('/api/chat/conversations');
}

/** Starts or resumes the conversation about a listing (with its publisher) or with 平台客服. */
export function startConversation(body: ChatStartBody): Promise<ChatConversation> {
  return apiPost<ChatConversation>('/api/chat/conversations', body, { toast: true });
}

/** 屏蔽 (block) or lifts the block of the other participant. */
export function setBlocked(conversationId: number, isBlocked: boolean): Promise<null> {
  const path = `/api/chat/conversations/${conversationId}/block`;
  return isBlocked
    ? apiPost<null>(path, undefined, { toast: true })
    : apiDelete<null>(path, undefined, { toast: true });
}

/** Reports a conversation to the operators. */
export function reportConversation(
  conversationId: number,
  body: { reason: ChatReportReason; description?: string },
): Promise<{ id: number }> {
  return apiPost<{ id: number }>(`/api/chat/conversations/${conversationId}/reports`, body, {
    toast: true,
  });
}

/** One conversation (e.g. one a peer just started, first seen through a live message). */
export function fetchConversation(conversationId: number): Promise<ChatConversation> {
  return apiGet<ChatConversation>(`/api/chat/conversations/${conversationId}`);
}

/** The newest page, the page above `before`, or everything after `after` (catch-up). */
export function fetchMessages(
  conversationId: number,
  query: { before?: number; after?: number; limit?: number } = {},
): Promise<ChatHistory> {
  return apiGet<ChatHistory>(`/api/chat/conversations/${conversationId}/messages`, query);
}

export function sendTextOverHttp(
  conversationId: number,
  text: string,
  clientId: string,
): Promise<ChatMessage> {
  return apiPost<ChatMessage>(`/api/chat/conversations/${conversationId}/messages`, {
    text,
    clientId,
  });
}

export function sendImage(conversationId: number, file: File): Promise<ChatMessage> {
  const body = new FormData();
  body.append('file', file);
  return request<ChatMessage>(`/api/chat/conversations/${conversationId}/images`, {
    method: 'POST',
    body,
    toast: true,
  });
}

export function markReadOverHttp(conversationId: number, upToId?: number): Promise<null> {
  return apiPost<null>(`/api/chat/conversations/${conversationId}/read`, { upToId });
}

export const chatUnreadQueryKey = ['chat', 'unread'] as const;

/** The cache key of the signed-in user's unread total. */
export function chatUnreadKeyOf(token: string | null) {
  return [...chatUnreadQueryKey, token] as const;
}

/**
 * Unread 房聊 messages of the signed-in user, for the top-bar badge: fetched when shown and on
 * window focus, and kept current in between by the badge socket (`useLiveUnread`), which
 * writes into the same cache entry.
 */
export function useChatUnread() {
  const token = useAuth((state) => state.session);
  return useQuery(
    queryOptions({
      queryKey: chatUnreadKeyOf(token),
      queryFn: () => apiGet<{ unread: number }>('/api/chat/unread'),
      enabled: Boolean(token),
      refetchOnWindowFocus: true,
      retry: false,
    }),
  );
}
