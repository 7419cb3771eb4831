import { API_CODE } from '@portal/shared/api-code';
import type { Order } from '@portal/shared/schemas/orders';
import {
  delayStatusLabel,
  PAY_STATUS,
  PAY_STATUS_ORDER_LABEL,
  type PayStatusCode,
  REFUND_STATUS,
  REFUND_STATUS_LABEL,
  type RefundStatusCode,
} from '@portal/shared/status';

export const UNKNOWN_STATUS = '未知状态';

export const REFUND_INTENTION_TEXT: Record<number, string> = {
  1: '仅退款',
  2: '退款并解除合同',
};

/** Precheck failure texts (docs/product/orders.md): the list's and the detail's. */
export const PRECHECK_FAILED_LIST = '当前房源锁定失败，无法创建网签信息';
export const PRECHECK_FAILED_DETAIL = '锁定失败，请检查房源是否可用';

/** Continue-pay on an order whose 30-minute payment window has passed (it closes itself). */
export const PAY_WINDOW_ENDED =
  '该订单已超过30分钟缴费时间，已自动关闭，无法继续支付；如需购买请重新选房下单';

/** The precheck's failure code (the lock is gone). */
export const LOCK_LOST_CODE = API_CODE.ORDER_LOCK_LOST;

/** Pay status texts (docs/product/orders.md); any other value shows UNKNOWN_STATUS. */
export const payStatusText = (status: number) =>
  PAY_STATUS_ORDER_LABEL[status as PayStatusCode] ?? UNKNOWN_STATUS;
export const refundStatusText = (status: number) =>
  REFUND_STATUS_LABEL[status as RefundStatusCode] ?? UNKNOWN_STATUS;
export const refundIntentionText = (value: number | null) =>
  value === null ? '' : (REFUND_INTENTION_TEXT[value] ?? UNKNOWN_STATUS);

/** 未延期 for delay status 1 or 2, 已延期 for 3 or 4 (docs/product/orders.md). */
export const delayStatusText = (status: number) => delayStatusLabel(status) ?? UNKNOWN_STATUS;

type Rules = Pick<
  Order,
  'payStatus' | 'refundStatus' | 'allowDelay' | 'expireTime' | 'lockReleasedAt'
>;

/** Which actions and fields an order shows (docs/product/orders.md, "What an order offers"). */
export function orderVisibility(order: Rules) {
  const { payStatus, refundStatus } = order;
  return {
    continuePay: payStatus === PAY_STATUS.AWAITING_PAYMENT,
    cancel: payStatus === PAY_STATUS.AWAITING_PAYMENT,
    delay: order.allowDelay,
    giveUpDelay: order.allowDelay,
    refund:
      payStatus === PAY_STATUS.PAID &&
      (refundStatus === REFUND_STATUS.NONE || refundStatus === REFUND_STATUS.REJECTED),
    delayStatus: !(
      [PAY_STATUS.CANCELLED, PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.TIMED_OUT] as number[]
    ).includes(payStatus),
    refundStatus: payStatus === PAY_STATUS.PAID,
    refundFailReason: payStatus === PAY_STATUS.PAID && refundStatus === REFUND_STATUS.REJECTED,
    refundIntention: payStatus === PAY_STATUS.REFUNDING,
    refundResult: payStatus === PAY_STATUS.REFUNDED,
    refundOrderNo: (
      [PAY_STATUS.REFUNDING, PAY_STATUS.REFUNDED, PAY_STATUS.REFUND_FAILED] as number[]
    ).includes(payStatus),
    timeline: !(
      [PAY_STATUS.CANCELLED, PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.TIMED_OUT] as number[]
    ).includes(payStatus),
  };
}

/**
 * The countdown an order shows: the payment window at payStatus 1 (缴费时间剩余…), otherwise the
 * lock end while the room is still held and not yet net-signed (…解锁); null when there is none.
 */
export function countdownOf(
  order: Pick<
    Order,
    'payStatus' | 'payExpireTime' | 'expireTime' | 'lockReleasedAt' | 'netsignnum'
  >,
): { kind: 'pay' | 'lock'; target: string } | null {
  if (order.payStatus === PAY_STATUS.AWAITING_PAYMENT)
    return { kind: 'pay', target: order.payExpireTime };
  if (
    (order.payStatus === PAY_STATUS.PAID || order.payStatus === PAY_STATUS.REFUNDING) &&
    order.expireTime &&
    !order.lockReleasedAt &&
    !order.netsignnum
  ) {
    return { kind: 'lock', target: order.expireTime };
  }
  return null;
}

/**
 * Index of the active step: the first without an operateTime after the last step reached (all
 * reached → the step count). A step without a time that a later step passed over is not active:
 * a lock that ended without 网签备案 goes straight to 订约金退还 (docs/decisions/0012).
 */
export function activeStepIndex(steps: readonly { operateTime: string | null }[]): number {
  let lastReached = -1;
  steps.forEach((step, index) => {
    if (step.operateTime) lastReached = index;
  });
  return lastReached + 1;
}

/** Pay statuses that close an order before its deposit was paid: cancelled, timed out, failed. */
const CLOSED_UNPAID = [0, 2, 6];

/** Note of a step a later step passed over (e.g. 网签备案 when the lock ended unsigned). */
export const STEP_SKIPPED = '未办理';

export interface StepView {
  status: 'finish' | 'process' | 'wait' | 'error';
  /** What the step shows instead of a time: 未办理, or why the order stopped there. */
  note: string | null;
}

/**
 * The step bar of /myOrderDetails showing the path the order really took (docs/product/orders.md,
 * docs/decisions/0012): reached steps are done; a step passed over by a later one shows
 * 未办理 and is never counted as done; the active step is the one after the last reached; an
 * order closed unpaid (0, 2, 6) shows that step as failed with its status text.
 */
export function stepView(
  steps: readonly { operateTime: string | null }[],
  payStatus: number,
): { current: number; items: StepView[] } {
  const current = activeStepIndex(steps);
  const items = steps.map((step, index): StepView => {
    if (step.operateTime) return { status: 'finish', note: null };
    if (index < current) return { status: 'wait', note: STEP_SKIPPED };
    if (index === current && CLOSED_UNPAID.includes(payStatus)) {
      return { status: 'error', note: payStatusText(payStatus) };
    }
    return { status: index === current ? 'process' : 'wait', note: null };
  });
  return { current, items };
}
