import type { Paged } from '@portal/shared/api-code';
import type {
  Order,
  OrderDetail,
  OrderPayStatus,
  OrderRefund,
} from '@portal/shared/schemas/orders';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, requestEnvelope } from '../../../lib/api-client';

export const ORDERS_KEY = ['orders'] as const;
export const ORDER_PAGE_SIZE = 10;

/** The caller's deposit orders, 10 per page (/myOrder, docs/product/orders.md). */
export function useMyOrders(pageNum: number) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', pageNum],
    queryFn: () =>
      apiGet<Paged<Order>>('/api/orders', { pageNum, pageSize: ORDER_PAGE_SIZE }, { toast: true }),
    placeholderData: keepPreviousData,
  });
}

/** One of the caller's orders with its timeline and steps. */
export function useOrderDetail(id: number | null) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: () => apiGet<OrderDetail>(`/api/orders/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** Asks the server to reconcile the payment with the bank (after returning from the bank). */
export function queryPayStatus(id: number): Promise<OrderPayStatus> {
  return apiGet<OrderPayStatus>(`/api/orders/${id}/pay-status`);
}

export type OrderAction =
  | { kind: 'cancel'; id: number; reason: string }
  | { kind: 'delay'; id: number; reason: string }
  | { kind: 'giveUpDelay'; id: number; remark: string }
  | ({ kind: 'refund'; id: number } & OrderRefund);

const post = (path: string, body: unknown) => apiPost<unknown>(path, body, { toast: true });

/**
 * Runs one order action (cancel, delay, give up the delay, refund); failures show the server
 * message as an error toast (docs/product/orders.md). Resolves with the success toast text: 提交成功 for
 * cancel and delay, the server's own message for the refund (docs/product/orders.md).
 */
export function useOrderAction() {
  return useMutation({
    mutationFn: async (action: OrderAction): Promise<string> => {
      switch (action.kind) {
        case 'cancel':
          await post(`/api/orders/${action.id}/cancel`, {
            cancelReason: action.reason,
          });
          return '提交成功';
        case 'delay':
          await post(`/api/orders/${action.id}/delay`, { reason: action.reason });
          return '提交成功';
        case 'giveUpDelay':
          await post(`/api/orders/${action.id}/delay/give-up`, {
            remark: action.remark,
          });
          return '提交成功';
        case 'refund': {
          const envelope = await requestEnvelope<null>(`/api/orders/${action.id}/refund`, {
            method: 'POST',
            body: { refundIntention: action.refundIntention, remark: action.remark },
            toast: true,
          });
          return envelope.message;
        }
      }
    },
  });
}
