import type { Paged } from '@portal/shared/codes';
import type { AdminFeedbackRow } from '@portal/shared/schemas/admin';
import type { AdminListing, ListingEdit } from '@portal/shared/schemas/listings';
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

export type { AdminListing };

const listingsKey = ['admin', 'listings'] as const;
const feedbackKey = ['admin', 'feedback'] as const;

/** Listings of one state (the review queue 待审核 oldest first, others newest first). */
export function useListingQueue(status: number, pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...listingsKey, status, pageNum],
      queryFn: () =>
        apiGet<Paged<AdminListing>>('/api/admin/listings', { status, pageNum, pageSize: 20 }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** One listing with its form values, verification and every picture (private ones signed). */
export function useListingForReview(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...listingsKey, 'detail', id],
      queryFn: () => apiGet<ListingEdit>(`/api/admin/listings/${id}`),
      enabled: id !== null,
    }),
  );
}

/** Approves (no reason) or rejects (with a reason) a pending listing. */
export function useDecideListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? apiPost<null>(`/api/admin/listing-review/${id}/approve`, undefined, { toast: true })
        : apiPost<null>(`/api/admin/listing-review/${id}/reject`, { reason }, { toast: true }),
    onSuccess: (_data, { reason }) => {
      notifySuccess(reason === undefined ? '审核通过，房源已发布' : '已驳回');
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

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

/**
 * Confirms (no reason) or rejects (with a reason) a pending refund. A bank failure on confirming
 * shows the server's reason and leaves the order 退款失败, so the lists are refreshed either way.
 */
export function useDecideRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? apiPost<null>(`/api/admin/orders/${id}/refund/confirm`, undefined, { toast: true })
        : apiPost<null>(`/api/admin/orders/${id}/refund/reject`, { reason }, { toast: true }),
    onSuccess: (_data, { reason }) =>
      notifySuccess(reason === undefined ? '退款已确认，订约金已原路退还' : '已驳回退款申请'),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
