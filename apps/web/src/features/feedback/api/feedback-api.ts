import type { Paged } from '@portal/shared/api-code';
import { FEEDBACK_LIMITS } from '@portal/shared/constants/chat';
import type { FeedbackDetail, FeedbackRow } from '@portal/shared/schemas/feedback';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

/** What the form sends; name and phone left out take the account's (docs/product/content.md). */
export interface FeedbackForm {
  realname?: string;
  phone?: string;
  title: string;
  content: string;
  /** The trap field people never see; a program that fills it is refused. */
  website?: string;
}

export function submitFeedback(form: FeedbackForm): Promise<{ id: number }> {
  return apiPost<{ id: number }>('/api/feedback', form);
}

export const feedbackQueryKey = ['feedback'] as const;
/** The caller's feedback list pages (not the picture code, which shares the prefix). */
export const feedbackListQueryKey = [...feedbackQueryKey, 'list'] as const;

/** Submits a question; /feedback shows it at once (every list page is refetched). */
export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackListQueryKey }),
  });
}

/** The caller's own feedback, 10 a page (docs/product/content.md). */
export function useOwnFeedback(pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...feedbackListQueryKey, pageNum],
      queryFn: () =>
        apiGet<Paged<FeedbackRow>>('/api/feedback', {
          pageNum,
          pageSize: FEEDBACK_LIMITS.pageSize,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useFeedbackDetail(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...feedbackQueryKey, 'detail', id],
      queryFn: () => apiGet<FeedbackDetail>(`/api/feedback/${id}`),
      enabled: Number.isInteger(id) && id > 0,
      retry: false,
    }),
  );
}
