import type { Order } from '@portal/shared/schemas/orders';
import { Button, Space } from 'antd';
import { orderVisibility } from '../order-rules';
import type { useOrderActions } from './use-order-actions';

interface OrderActionButtonsProps {
  order: Order;
  actions: ReturnType<typeof useOrderActions>;
}

/** The buttons an order offers in its current state (docs/product/orders.md). */
export function OrderActionButtons({ order, actions }: OrderActionButtonsProps) {
  const show = orderVisibility(order);
  return (
    <Space wrap>
      {show.continuePay && (
        <Button
          type="primary"
          loading={actions.paying === order.id}
          onClick={() => void actions.continuePay(order.id, order.payExpireTime)}
        >
          继续支付
        </Button>
      )}
      {show.cancel && <Button onClick={() => actions.open('cancel', order.id)}>取消订单</Button>}
      {show.delay && (
        <Button type="primary" ghost onClick={() => actions.open('delay', order.id)}>
          申请延期
        </Button>
      )}
      {show.giveUpDelay && (
        <Button onClick={() => actions.open('giveUpDelay', order.id)}>放弃延期</Button>
      )}
      {show.refund && (
        <Button danger onClick={() => actions.open('refund', order.id)}>
          申请退款
        </Button>
      )}
    </Space>
  );
}
