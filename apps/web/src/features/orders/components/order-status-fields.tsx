import type { Order } from '@portal/shared/schemas/orders';
import {
  delayStatusText,
  orderVisibility,
  refundIntentionText,
  refundStatusText,
} from '../order-rules';

interface OrderStatusFieldsProps {
  order: Pick<
    Order,
    | 'payStatus'
    | 'refundStatus'
    | 'allowDelay'
    | 'expireTime'
    | 'lockReleasedAt'
    | 'delayStatus'
    | 'refundFailReason'
    | 'refundIntention'
    | 'refundResult'
    | 'refundOrderNo'
  >;
}

/**
 * The state-dependent fields of an order on /myOrder and /myOrderDetails (docs/product/orders.md): delay
 * status (not at 0/1/2), refund status (3), rejection reason (refund status 4), refund intention
 * (4), refund result (5) and refund order number (4, 5, 7).
 */
export function OrderStatusFields({ order }: OrderStatusFieldsProps) {
  const show = orderVisibility(order);
  return (
    <>
      {show.delayStatus && <span>延期状态：{delayStatusText(order.delayStatus)}</span>}
      {show.refundStatus && <span>退款状态：{refundStatusText(order.refundStatus)}</span>}
      {show.refundFailReason && order.refundFailReason && (
        <span>驳回原因：{order.refundFailReason}</span>
      )}
      {show.refundIntention && <span>退款意向：{refundIntentionText(order.refundIntention)}</span>}
      {show.refundResult && <span>退款结果：{order.refundResult ?? '—'}</span>}
      {show.refundOrderNo && order.refundOrderNo && <span>退款单号：{order.refundOrderNo}</span>}
    </>
  );
}
