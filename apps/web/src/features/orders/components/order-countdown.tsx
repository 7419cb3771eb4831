import type { Order } from '@portal/shared/schemas/orders';
import { Countdown } from '../../../components/countdown';
import { countdownOf } from '../order-rules';

interface OrderCountdownProps {
  order: Pick<
    Order,
    'payStatus' | 'payExpireTime' | 'expireTime' | 'lockReleasedAt' | 'netsignnum' | 'countDown'
  >;
  /** Client time (ms) when the order was fetched, to follow the server's clock. */
  fetchedAt: number;
  onFinish?: () => void;
  className?: string;
}

/**
 * The order's countdown from server timestamps (docs/product/orders.md): 缴费时间剩余{m}分钟{s}秒 while
 * awaiting payment, 剩余{d}天{h}小时{m}分钟{s}秒解锁 while the room is locked; an ended text at zero.
 */
export function OrderCountdown({ order, fetchedAt, onFinish, className }: OrderCountdownProps) {
  const countdown = countdownOf(order);
  if (!countdown) return null;
  const targetMs = new Date(countdown.target).getTime();
  // Server now at fetch time = target − countDown; the offset keeps the client on that clock.
  const serverOffsetMs = order.countDown > 0 ? targetMs - order.countDown * 1000 - fetchedAt : 0;
  return (
    <Countdown
      target={targetMs}
      serverOffsetMs={serverOffsetMs}
      onFinish={onFinish}
      className={className}
    >
      {(parts) => {
        if (parts.totalMs === 0) return countdown.kind === 'pay' ? '缴费时间已结束' : '锁定已结束';
        if (countdown.kind === 'pay') {
          const minutes = parts.days * 1440 + parts.hours * 60 + parts.minutes;
          return `缴费时间剩余${minutes}分钟${parts.seconds}秒`;
        }
        return `剩余${parts.days}天${parts.hours}小时${parts.minutes}分钟${parts.seconds}秒解锁`;
      }}
    </Countdown>
  );
}
