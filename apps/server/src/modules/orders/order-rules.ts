import { DELAY_WINDOW_HOURS } from '@portal/shared/schemas/orders';
import { DELAY_STATUS, PAY_STATUS, REFUND_STATUS } from '@portal/shared/status';

/**
 * The deposit order's table of allowed from-states (docs/product/orders.md, docs/decisions/0040):
 * the rule every transition row starts from, and what the pages ask before offering an action.
 */

type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];
export type TransitionName =
  | 'create'
  | 'pay'
  | 'payFailed'
  | 'paidAfterClose'
  | 'expire'
  | 'cancel'
  | 'delay'
  | 'giveUpDelay'
  | 'applyRefund'
  | 'confirmRefund'
  | 'rejectRefund'
  | 'refundFailed'
  | 'retryRefund'
  | 'releaseLock'
  | 'netsign';

/** What an order must be in for a transition, and the pay status it leaves it in. */
export interface TransitionRule {
  /** Pay statuses the transition starts from (none for create). */
  from: readonly PayStatus[];
  /** Pay status afterwards; null keeps it (release keeps 4, turns 3 into 4). */
  to: PayStatus | null;
  refundFrom?: readonly number[];
  delayFrom?: readonly number[];
  /** The paid lock has not been released (`lock_released_at` null). */
  lockHeld?: boolean;
  /** No 网签 recorded yet. */
  notNetsigned?: boolean;
}

const S = PAY_STATUS;
const R = REFUND_STATUS;
const D = DELAY_STATUS;

/** The one table of allowed from-states. */
export const TRANSITIONS: Readonly<Record<TransitionName, TransitionRule>> = {
  create: { from: [], to: S.AWAITING_PAYMENT },
  pay: { from: [S.AWAITING_PAYMENT], to: S.PAID },
  payFailed: { from: [S.AWAITING_PAYMENT], to: S.PAY_FAILED },
  paidAfterClose: { from: [S.CANCELLED, S.TIMED_OUT, S.PAY_FAILED], to: S.REFUNDING },
  expire: { from: [S.AWAITING_PAYMENT], to: S.TIMED_OUT },
  cancel: { from: [S.AWAITING_PAYMENT], to: S.CANCELLED },
  delay: { from: [S.PAID], to: S.PAID, delayFrom: [D.NONE], lockHeld: true },
  giveUpDelay: { from: [S.PAID], to: S.PAID, delayFrom: [D.NONE], lockHeld: true },
  applyRefund: { from: [S.PAID], to: S.REFUNDING, refundFrom: [R.NONE, R.REJECTED] },
  confirmRefund: { from: [S.REFUNDING], to: S.REFUNDED, refundFrom: [R.PENDING] },
  rejectRefund: { from: [S.REFUNDING], to: S.PAID, refundFrom: [R.PENDING], lockHeld: true },
  refundFailed: { from: [S.REFUNDING], to: S.REFUND_FAILED, refundFrom: [R.PENDING] },
  retryRefund: { from: [S.REFUND_FAILED], to: S.REFUNDING },
  releaseLock: { from: [S.PAID, S.REFUNDING], to: null, lockHeld: true, notNetsigned: true },
  netsign: { from: [S.PAID], to: S.REFUNDING, lockHeld: true, notNetsigned: true },
};

/** The order fields the table reads. */
export interface OrderStateFields {
  payStatus: number;
  refundStatus: number | null;
  delayStatus: number | null;
  lockReleasedAt: Date | null;
  netSignNumber: string | null;
}

/** Whether the table lets `name` start from this order's state (time rules aside). */
export function transitionAllowed(name: TransitionName, order: OrderStateFields): boolean {
  const rule = TRANSITIONS[name];
  if (!(rule.from as readonly number[]).includes(order.payStatus)) return false;
  if (rule.refundFrom && !rule.refundFrom.includes(order.refundStatus ?? -1)) return false;
  if (rule.delayFrom && !rule.delayFrom.includes(order.delayStatus ?? -1)) return false;
  if (rule.lockHeld && order.lockReleasedAt !== null) return false;
  return !(rule.notNetsigned && order.netSignNumber !== null);
}

/** Who makes a transition: the buyer (only on their own orders), an operator, the bank or the clock. */
export type Actor =
  | { kind: 'buyer'; userId: number }
  | { kind: 'operator'; adminId: number }
  | { kind: 'bank' }
  | { kind: 'system' };

/** The order a transition applies to. */
export interface OrderRef {
  id: number;
}

/** How a notice names an order: by its flat, the order number after it for the hotline. */
export const orderNamed = (order: { houseName: string; orderNo: string }) =>
  `${order.houseName}订单（订单号${order.orderNo}）`;

/** Refund remark of a net-signed order (the agreement returns the deposit after 网签). */
export const NETSIGN_REFUND_REMARK = '网签备案完成，按约定退还订约金';

const HOUR_MS = 3_600_000;

/** Whether a paid lock may apply for its one delay at `at`: the table plus the last 24 hours. */
export function delayOpen(
  order: OrderStateFields & { expireTime: Date | null },
  at: Date,
): boolean {
  if (!transitionAllowed('delay', order) || !order.expireTime) return false;
  const left = order.expireTime.getTime() - at.getTime();
  return left > 0 && left <= DELAY_WINDOW_HOURS * HOUR_MS;
}
