import type { Paged } from '@portal/shared/api-code';
import type { ChatReportStatus } from '@portal/shared/constants/chat';
import type { ChatConversation, ChatMessage } from '@portal/shared/schemas/chat';
import type { AdminChatReport } from '@portal/shared/schemas/chat/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

const chatKey = ['admin', 'chat'] as const;
/** The service inbox is read again this often while open, ms. */
const INBOX_REFRESH_MS = 15_000;

interface History {
  messages: ChatMessage[];
  hasMore: boolean;
}

/** Conversation reports of one status, 20 a page. */
export function useChatReports(status: ChatReportStatus, pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...chatKey, 'reports', status, pageNum],
      queryFn: () => apiGet<Paged<AdminChatReport>>('/api/admin/chat/reports', { status, pageNum }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The newest messages of a reported conversation. */
export function useReportedMessages(reportId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...chatKey, 'reported-messages', reportId],
      queryFn: () =>
        apiGet<History>(`/api/admin/chat/reports/${reportId}/messages`, { limit: 100 }),
      enabled: reportId !== null,
    }),
  );
}

/** Dismisses or upholds (closing the conversation) a report. */
export function useDecideChatReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'dismiss' | 'uphold'; note: string }) =>
      apiPost<null>(
        `/api/admin/chat/reports/${input.id}/decision`,
        { decision: input.decision, note: input.note },
        { toast: true },
      ),
    onSuccess: (_data, { decision }) => {
      notifySuccess(decision === 'uphold' ? '举报成立，会话已关闭' : '已处理');
      return client.invalidateQueries({ queryKey: chatKey });
    },
  });
}

/** The service channel's conversations, refreshed while the screen is open. */
export function useServiceConversations() {
  return useQuery(
    queryOptions({
      queryKey: [...chatKey, 'service'],
      queryFn: () => apiGet<ChatConversation[]>('/api/admin/chat/service/conversations'),
      refetchInterval: INBOX_REFRESH_MS,
    }),
  );
}

/** The newest messages of one service conversation, refreshed while open. */
export function useServiceMessages(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...chatKey, 'service', id],
      queryFn: () =>
        apiGet<History>(`/api/admin/chat/service/conversations/${id}/messages`, { limit: 100 }),
      enabled: id !== null,
      refetchInterval: INBOX_REFRESH_MS,
    }),
  );
}

/** Replies as 平台客服 and marks the citizen's messages read. */
export function useServiceReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, text }: { id: number; text: string }) => {
      await apiPost<ChatMessage>(
        `/api/admin/chat/service/conversations/${id}/messages`,
        { text },
        { toast: true },
      );
      await apiPost<null>(`/api/admin/chat/service/conversations/${id}/read`, {});
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...chatKey, 'service'] }),
  });
}

/** Marks a service conversation read when an operator opens it; the inbox counts refresh. */
export function useMarkServiceRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiPost<null>(`/api/admin/chat/service/conversations/${id}/read`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: [...chatKey, 'service'] }),
  });
}
