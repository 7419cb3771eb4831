import type { Paged } from '@portal/shared/api-code';
import type { AdminFeedbackRow } from '@portal/shared/schemas/feedback/admin';
import type { FeedbackStatus } from '@portal/shared/status';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

const feedbackKey = ['admin', 'feedback'] as const;

/** Feedback of one state, 20 a page. */
export function useFeedbackQueue(state: FeedbackStatus, pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...feedbackKey, state, pageNum],
      queryFn: () => apiGet<Paged<AdminFeedbackRow>>('/api/admin/feedback', { state, pageNum }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Sends the operator's rich-text reply. */
export function useReplyFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, html }: { id: number; html: string }) =>
      apiPost<null>(`/api/admin/feedback/${id}/reply`, { html }, { toast: true }),
    onSuccess: () => {
      notifySuccess('回复成功');
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
