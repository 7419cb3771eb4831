import type { Paged } from '@portal/shared/codes';
import type { AdminNetsign, AdminOrderRow } from '@portal/shared/schemas/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { uploadFile } from './upload';

export interface AdminOrderFilters {
  keyword?: string;
  payStatus?: number;
  refundStatus?: number;
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

function useOrderMutation<V>(run: (vars: V) => Promise<unknown>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      notifySuccess(success);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** Records 网签; the server refunds the deposit automatically. */
export function useRecordNetsign() {
  return useOrderMutation(
    ({ id, body }: { id: number; body: AdminNetsign }) =>
      apiPost<null>(`/api/admin/orders/${id}/netsign`, body, { toast: true }),
    '网签已登记，订约金已自动退还',
  );
}

/** Uploads an invoice or receipt the buyer can download. */
export function useUploadOrderFile() {
  return useOrderMutation(
    ({ id, kind, file }: { id: number; kind: 'invoice' | 'receipt'; file: File }) =>
      uploadFile(`/api/admin/orders/${id}/files`, file, { kind }),
    '上传成功',
  );
}
