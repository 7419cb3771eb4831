import type { Paged } from '@portal/shared/api-code';
import type { ListingReportDecision } from '@portal/shared/constants/listing-trust';
import type { ListingEdit } from '@portal/shared/schemas/listings';
import type {
  AdminReport,
  AdminReportGroup,
  AdminListing,
} from '@portal/shared/schemas/listings/admin';
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
const reportsKey = ['admin', 'listing-reports'] as const;

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

/** 下架 or 恢复发布 of a listing, with the reason its owner sees. */
export function useListingStatusAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      reason,
    }: {
      id: number;
      action: 'take-down' | 'restore';
      reason: string;
    }) => apiPost<null>(`/api/admin/listings/${id}/${action}`, { reason }, { toast: true }),
    onSuccess: (_data, { action }) => {
      notifySuccess(action === 'take-down' ? '房源已下架' : '房源已恢复发布');
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** Listings with open reports, the most reported first, 20 a page. */
export function useReportQueue(pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsKey, pageNum],
      queryFn: () => apiGet<Paged<AdminReportGroup>>('/api/admin/listing-reports', { pageNum }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The reports of one listing: open ones first, then the decided ones. */
export function useListingReports(listingId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsKey, 'listing', listingId],
      queryFn: () => apiGet<AdminReport[]>(`/api/admin/listing-reports/${listingId}`),
      enabled: listingId !== null,
    }),
  );
}

const DECISION_TEXT: Record<ListingReportDecision, string> = {
  dismiss: '已处理：举报不成立',
  correct: '已要求房东整改',
  takeDown: '房源已下架',
};

/** Decides every open report of a listing; reporters and the owner are told. */
export function useDecideReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { listingId: number; decision: ListingReportDecision; note: string }) =>
      apiPost<null>(
        `/api/admin/listing-reports/${input.listingId}/decision`,
        { decision: input.decision, note: input.note },
        { toast: true },
      ),
    onSuccess: (_data, { decision }) => {
      notifySuccess(DECISION_TEXT[decision]);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
