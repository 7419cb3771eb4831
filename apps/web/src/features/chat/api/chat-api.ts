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

export function startConversation(targetId: number): Promise<ChatConversation> {
  return apiPost<ChatConversation>('/api/chat/conversations', { targetId }, { toast: true });
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

/** How often the top bar asks for the unread count. */
export const UNREAD_POLL_MS = 30_000;

/** Unread 房聊 messages of the signed-in user, for the top-bar badge; polled every 30 s. */
export function useChatUnread() {
  const token = useAuth((state) => state.token);
  return useQuery(
    queryOptions({
      queryKey: [...chatUnreadQueryKey, token],
      queryFn: () => apiGet<{ unread: number }>('/api/chat/unread'),
      enabled: Boolean(token),
      refetchInterval: UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
      retry: false,
    }),
  );
}
