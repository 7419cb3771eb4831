import type { Paged } from '@portal/shared/api-code';
import type {
  AdminNetsign,
  AdminOrderRow,
  AdminRefundOutcome,
} from '@portal/shared/schemas/orders/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { uploadFile } from '../../../lib/operator-upload';

/** The order search filters; each is also a query parameter of /admin/orders. */
export const ORDER_FILTERS = {
  keyword: 'text',
  payStatus: 'int',
  refundStatus: 'int',
  createdFrom: 'date',
  createdTo: 'date',
} as const;

export interface AdminOrderFilters {
  keyword?: string;
  payStatus?: number;
  refundStatus?: number;
  /** Beijing days, yyyy-MM-dd, both included. */
  createdFrom?: string;
  createdTo?: string;
  pageNum: number;
}

const ordersKey = ['admin', 'orders'] as const;

/** Order search, 20 a page, newest first. */
export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...ordersKey, filters],
      queryFn: () => apiGet<Paged<AdminOrderRow>>('/api/admin/orders', { ...filters }),
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * Records 网签; the server then refunds the deposit. The outcome says whether the bank refund
 * went through; the order lists are refreshed either way.
 */
export function useRecordNetsign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminNetsign }) =>
      apiPost<AdminRefundOutcome>(`/api/admin/orders/${id}/netsign`, body, { toast: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/**
 * Retries the bank refund of an order marked 退款失败. A bank that fails again answers with its
 * reason (shown as an error toast) and the order stays 退款失败; the lists are refreshed either way.
 */
export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiPost<null>(`/api/admin/orders/${id}/refund/retry`, undefined, { toast: true }),
    onSuccess: () => notifySuccess('订约金已原路退还'),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Uploads an invoice or receipt the buyer can download. */
export function useUploadOrderFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: 'invoice' | 'receipt'; file: File }) =>
      uploadFile(`/api/admin/orders/${id}/files`, file, { kind }),
    onSuccess: () => {
      notifySuccess('上传成功');
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
