import type { OrderDetail } from '@portal/shared/schemas/orders';
import { Steps } from 'antd';
import dayjs from 'dayjs';
import { useIsPhone } from '../../../lib/use-media-query';
import { stepView } from '../order-rules';

interface OrderStepsProps {
  order: Pick<OrderDetail, 'stepList' | 'payStatus'>;
}

/**
 * The step bar of /myOrderDetails (docs/product/orders.md): each reached step with its time, a step
 * passed over shown as 未办理, the active step after the last reached one, and an order closed
 * unpaid stopped at a failed step with its status text. On a phone the steps run downwards, so
 * each keeps its full name and time.
 */
export function OrderSteps({ order }: OrderStepsProps) {
  const { current, items } = stepView(order.stepList, order.payStatus);
  const isPhone = useIsPhone();
  return (
    <div role="group" aria-label="订单步骤">
      <Steps
        current={current}
        orientation={isPhone ? 'vertical' : 'horizontal'}
        size={isPhone ? 'small' : undefined}
        items={order.stepList.map((step, index) => {
          const view = items[index];
          return {
            title: step.name,
            status: view?.status,
            description: step.operateTime
              ? dayjs(step.operateTime).format('YYYY-MM-DD HH:mm:ss')
              : (view?.note ?? undefined),
          };
        })}
      />
    </div>
  );
}
