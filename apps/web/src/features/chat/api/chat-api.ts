import type { ChatConversation, ChatMessage } from '@portal/shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, request } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

export interface ChatHistory {
  messages: ChatMessage[];
  hasMore: boolean;
}

export function fetchConversations(): Promise<ChatConversation[]> {
  return apiGet<ChatConversation[]>('/api/chat/conversations');
}

/** Starts or resumes the conversation with a user, about a listing when given. */
export function startConversation(targetId: number, listingId?: number): Promise<ChatConversation> {
  return apiPost<ChatConversation>(
    '/api/chat/conversations',
    { targetId, listingId },
    { toast: true },
  );
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
  const token = useAuth((state) => state.token);
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
