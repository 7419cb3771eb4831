import {
  DELAY_DAYS,
  DELAY_WINDOW_HOURS,
  LOCK_DAYS,
  ORDER_PAY_WINDOW_MINUTES,
} from '@portal/shared/schemas/orders';
import { DELAY_STATUS, PAY_STATUS, REFUND_STATUS } from '@portal/shared/status';
import { and, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { recordOrderEvent } from './order-events';
import { orderNumber } from './order-numbers';
import { closePendingPayments } from './payment-close';
import {
  freeHeldRoom,
  freeLockedRoom,
  holdRoom,
  lockRoom,
  sellRoom,
  setRoomLockTerms,
} from './room-state';

/**
 * The deposit order's state machine (docs/product/orders.md, docs/decisions/0040): one function
 * per transition, each taking the transaction, the order, the time and the actor, each one
 * conditional update of the order checked against the table below, followed by the room's colour
 * change (room-state.ts) and the order's log entry and notice. A transition that does not apply
 * changes nothing and returns null; the caller answers the refusal with its own code and message.
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
  /** Refund statuses it starts from, when it matters. */
  refundFrom?: readonly number[];
  /** Delay statuses it starts from, when it matters. */
  delayFrom?: readonly number[];
  /** The paid lock has not been released (`lock_released_at` null). */
  lockHeld?: boolean;
  /** No 网签 recorded yet. */
  notNetsigned?: boolean;
}

const S = PAY_STATUS;
const R = REFUND_STATUS;

/** The one table of allowed from-states. */
export const TRANSITIONS: Readonly<Record<TransitionName, TransitionRule>> = {
  create: { from: [], to: S.AWAITING_PAYMENT },
  pay: { from: [S.AWAITING_PAYMENT], to: S.PAID },
  payFailed: { from: [S.AWAITING_PAYMENT], to: S.PAY_FAILED },
  paidAfterClose: { from: [S.CANCELLED, S.TIMED_OUT, S.PAY_FAILED], to: S.REFUNDING },
  expire: { from: [S.AWAITING_PAYMENT], to: S.TIMED_OUT },
  cancel: { from: [S.AWAITING_PAYMENT], to: S.CANCELLED },
  delay: { from: [S.PAID], to: S.PAID, delayFrom: [DELAY_STATUS.NONE], lockHeld: true },
  giveUpDelay: { from: [S.PAID], to: S.PAID, delayFrom: [DELAY_STATUS.NONE], lockHeld: true },
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
  if (rule.notNetsigned && order.netSignNumber !== null) return false;
  return true;
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

/** The table's condition for `name` on the order's row, as SQL; a buyer only reaches their own. */
function allowedWhere(name: TransitionName, order: OrderRef, actor: Actor, extra: SQL[] = []) {
  const rule = TRANSITIONS[name];
  return and(
    eq(orders.id, order.id),
    actor.kind === 'buyer' ? eq(orders.userId, actor.userId) : undefined,
    inArray(orders.payStatus, [...rule.from]),
    rule.refundFrom ? inArray(orders.refundStatus, [...rule.refundFrom]) : undefined,
    rule.delayFrom ? inArray(orders.delayStatus, [...rule.delayFrom]) : undefined,
    rule.lockHeld ? isNull(orders.lockReleasedAt) : undefined,
    rule.notNetsigned ? isNull(orders.netSignNumber) : undefined,
    ...extra,
  );
}

/** What a transition's update hands back: the order's room, buyer and number. */
const changedOrder = {
  roomId: orders.roomId,
  userId: orders.userId,
  orderNo: orders.orderNo,
  houseName: orders.houseName,
};

/**
 * How a notice names an order: by its flat (project, building, unit, room), the order number
 * after it for a call to the hotline (docs/product/orders.md, "Notices" under the moves).
 */
export const orderNamed = (order: { houseName: string; orderNo: string }) =>
  `${order.houseName}订单（订单号${order.orderNo}）`;

/**
 * The one conditional update of a transition: `set` on the order only where the table (and
 * `extra`) allow `name`; the changed order, or undefined when the transition does not apply.
 */
async function updateAllowed(
  tx: Db,
  name: TransitionName,
  order: OrderRef,
  actor: Actor,
  set: PgUpdateSetSource<typeof orders>,
  extra: SQL[] = [],
) {
  const [changed] = await tx
    .update(orders)
    .set(set)
    .where(allowedWhere(name, order, actor, extra))
    .returning(changedOrder);
  return changed;
}

/** The log entry and buyer's notice of a transition; outside the step bar unless `step` is given. */
async function logTransition(
  tx: Db,
  order: OrderRef,
  changed: { userId: number },
  at: Date,
  entry: { step?: number; status: number; operation: string; notice: string },
): Promise<void> {
  await recordOrderEvent(tx, {
    orderId: order.id,
    userId: changed.userId,
    step: entry.step ?? null,
    status: entry.status,
    operation: entry.operation,
    notice: entry.notice,
    at,
  });
}

/** Whether the order's lock was still held before a transition that ends it. */
async function lockStillHeld(tx: Db, order: OrderRef): Promise<boolean> {
  const [before] = await tx
    .select({ lockReleasedAt: orders.lockReleasedAt })
    .from(orders)
    .where(eq(orders.id, order.id));
  return !before?.lockReleasedAt;
}

/** The lock's release time: kept when already released, else `at`. */
const lockReleasedBy = (at: Date) =>
  sql`coalesce(${orders.lockReleasedAt}, ${at.toISOString()}::timestamptz)`;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Refund number of an order: TK + the order number without its DJ prefix. */
export const refundNumberOf = (orderNo: string) => `TK${orderNo.replace(/^DJ/, '')}`;

/** The order's refund number, kept if it has one. */
const refundNumberSql = sql`coalesce(${orders.refundOrderNo}, 'TK' || substr(${orders.orderNo}, 3))`;

// ---------------------------------------------------------------------------------------------
// Create

/** What an order is created from: the room with its snapshot fields and the verified buyer. */
export interface NewOrder {
  userId: number;
  house: { id: number; projectId: number } & Pick<
    typeof orders.$inferInsert,
    | 'houseName'
    | 'door'
    | 'houseType'
    | 'buildArea'
    | 'address'
    | 'housePurpose'
    | 'currentPrice'
    | 'totalPrice'
    | 'lockMoney'
  >;
  buyer: {
    realName: string;
    realNameHash: string;
    idCard: string;
    phone: string;
    identityHash: string;
  };
}

/** The next order id, taken before the insert so the row is written once with its number. */
async function nextOrderId(tx: Db): Promise<number> {
  const [row] = await selectRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`,
  );
  return Number(row?.id);
}

/**
 * Create (→ 1): the room green → yellow for 30 minutes (only while green and licensed), then the
 * order inserted once with its final number, its first log entry (step 1) and the buyer's
 * notice. Null when the room could not be held. The caller has taken the identity lock and
 * checked the fair-lock rules in the same transaction.
 */
export async function createOrderTransition(
  tx: Db,
  input: NewOrder,
  at: Date,
  _actor: Actor,
): Promise<{ id: number; orderNo: string; payExpireTime: Date } | null> {
  const { house, buyer } = input;
  const payExpireTime = new Date(at.getTime() + ORDER_PAY_WINDOW_MINUTES * 60_000);
  if (!(await holdRoom(tx, house.id, payExpireTime))) return null;
  const id = await nextOrderId(tx);
  const orderNo = orderNumber(id, at);
  await tx.insert(orders).values({
    id,
    orderNo,
    userId: input.userId,
    roomId: house.id,
    projectId: house.projectId,
    houseName: house.houseName,
    door: house.door,
    houseType: house.houseType,
    buildArea: house.buildArea,
    address: house.address,
    housePurpose: house.housePurpose,
    currentPrice: house.currentPrice,
    totalPrice: house.totalPrice,
    lockMoney: house.lockMoney,
    payStatus: TRANSITIONS.create.to as PayStatus,
    createdAt: at,
    agreedAt: at,
    payExpireTime,
    realName: buyer.realName,
    realNameHash: buyer.realNameHash,
    idCard: buyer.idCard,
    phone: buyer.phone,
    identityHash: buyer.identityHash,
  });
  await recordOrderEvent(tx, {
    orderId: id,
    userId: input.userId,
    step: 1,
    status: PAY_STATUS.AWAITING_PAYMENT,
    operation: '选房下单，提交订约金订单',
    notice: `您已提交${house.houseName}的订约金订单，请在30分钟内完成支付。`,
    at,
  });
  return { id, orderNo, payExpireTime };
}

// ---------------------------------------------------------------------------------------------
// Payment

/**
 * Pay (1 → 3): payTime = lockTime = at, expireTime = at + 7 days, the bank's trade number; the
 * room yellow → blue; log steps 2 and 3.
 */
export async function payTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  bank: { tradeNo: string },
): Promise<boolean> {
  const expireTime = new Date(at.getTime() + LOCK_DAYS * DAY_MS);
  const paid = await updateAllowed(tx, 'pay', order, actor, {
    payStatus: TRANSITIONS.pay.to as PayStatus,
    payTime: at,
    lockTime: at,
    expireTime,
    otherOrderNo: bank.tradeNo,
  });
  if (!paid) return false;
  await lockRoom(tx, paid.roomId, expireTime);
  await logTransition(tx, order, paid, at, {
    step: 2,
    status: PAY_STATUS.PAID,
    operation: '订约金支付成功',
    notice: `您的${orderNamed(paid)}订约金已支付成功。`,
  });
  await logTransition(tx, order, paid, at, {
    step: 3,
    status: PAY_STATUS.PAID,
    operation: `房源已锁定，锁定期${LOCK_DAYS}天`,
    notice: `您的${orderNamed(paid)}房源已锁定${LOCK_DAYS}天，请在锁定期内完成网签备案。`,
  });
  return true;
}

/** Payment failed (1 → 6): the room yellow → green. */
export async function payFailedTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
): Promise<boolean> {
  const failed = await updateAllowed(tx, 'payFailed', order, actor, {
    payStatus: TRANSITIONS.payFailed.to as PayStatus,
  });
  if (!failed) return false;
  await freeHeldRoom(tx, failed.roomId);
  await logTransition(tx, order, failed, at, {
    status: PAY_STATUS.PAY_FAILED,
    operation: '订约金支付失败，房源已释放',
    notice: `您的${orderNamed(failed)}订约金支付失败，房源已释放。`,
  });
  return true;
}

/**
 * Money arrived after the order closed unpaid (0, 2, 6 → 4): it is recorded and goes back
 * (refund pending, intention 2); the lock counts as released and the room is not touched.
 */
export async function paidAfterCloseTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  bank: { tradeNo: string },
): Promise<boolean> {
  const late = await updateAllowed(tx, 'paidAfterClose', order, actor, {
    payStatus: TRANSITIONS.paidAfterClose.to as PayStatus,
    payTime: at,
    otherOrderNo: bank.tradeNo,
    refundStatus: REFUND_STATUS.PENDING,
    refundIntention: 2,
    refundApplyTime: at,
    refundRemark: '订单关闭后银行到账，订约金将原路退还',
    refundOrderNo: sql`'TK' || substr(${orders.orderNo}, 3)`,
    lockReleasedAt: at,
  });
  if (!late) return false;
  await logTransition(tx, order, late, at, {
    status: PAY_STATUS.REFUNDING,
    operation: '订单关闭后收到订约金，待原路退还',
    notice: `您的${orderNamed(late)}已关闭，之后到账的订约金将原路退还。`,
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Closing unpaid

/**
 * The end of an unpaid order (expired or cancelled): the new fields where the table allows,
 * then the room green and the pending payment closed. The changed order, or undefined.
 */
async function closeUnpaid(
  tx: Db,
  name: 'expire' | 'cancel',
  order: OrderRef,
  actor: Actor,
  set: PgUpdateSetSource<typeof orders>,
  extra: SQL[] = [],
) {
  const closed = await updateAllowed(tx, name, order, actor, set, extra);
  if (!closed) return undefined;
  await freeHeldRoom(tx, closed.roomId);
  await closePendingPayments(tx, order.id);
  return closed;
}

/** Expire (1 → 2) once the payment window ended at or before `at`: room green, payment closed. */
export async function expireTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
): Promise<boolean> {
  const expired = await closeUnpaid(
    tx,
    'expire',
    order,
    actor,
    { payStatus: TRANSITIONS.expire.to as PayStatus },
    [lte(orders.payExpireTime, at)],
  );
  if (!expired) return false;
  await logTransition(tx, order, expired, at, {
    status: PAY_STATUS.TIMED_OUT,
    operation: '超时未支付，订单已自动关闭',
    notice: `您的${orderNamed(expired)}因超时未支付已自动关闭。`,
  });
  return true;
}

/** Cancel (1 → 0) for a reason: room green, pending payment closed. */
export async function cancelTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  reason: string,
): Promise<boolean> {
  const cancelled = await closeUnpaid(tx, 'cancel', order, actor, {
    payStatus: TRANSITIONS.cancel.to as PayStatus,
    cancelTime: at,
    cancelReason: reason,
  });
  if (!cancelled) return false;
  await logTransition(tx, order, cancelled, at, {
    status: PAY_STATUS.CANCELLED,
    operation: `用户取消订单：${reason}`,
    notice: `您的${orderNamed(cancelled)}已取消。`,
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Delay

/** Whether a paid lock may apply for its one delay at `at`: the table plus the last 24 hours. */
export function delayOpen(
  order: OrderStateFields & { expireTime: Date | null },
  at: Date,
): boolean {
  if (!transitionAllowed('delay', order) || !order.expireTime) return false;
  const left = order.expireTime.getTime() - at.getTime();
  return left > 0 && left <= DELAY_WINDOW_HOURS * HOUR_MS;
}

/** Delay (3, delay 1 → 3) in the lock's last 24 hours: lock end + 3 days, order and room. */
export async function delayTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  reason: string,
): Promise<Date | null> {
  const windowEnd = new Date(at.getTime() + DELAY_WINDOW_HOURS * HOUR_MS);
  const [delayed] = await tx
    .update(orders)
    .set({
      expireTime: sql`${orders.expireTime} + make_interval(days => ${DELAY_DAYS})`,
      delayStatus: DELAY_STATUS.DELAYED,
      delayApplyTime: at,
      delayReason: reason,
      allowDelay: false,
    })
    .where(
      allowedWhere('delay', order, actor, [
        gt(orders.expireTime, at),
        lte(orders.expireTime, windowEnd),
      ]),
    )
    .returning({ ...changedOrder, expireTime: orders.expireTime });
  if (!delayed?.expireTime) return null;
  await setRoomLockTerms(tx, delayed.roomId, {
    lockExpireTime: delayed.expireTime,
    delayStatus: DELAY_STATUS.DELAYED,
  });
  await logTransition(tx, order, delayed, at, {
    status: PAY_STATUS.PAID,
    operation: `申请延期，锁定期延长${DELAY_DAYS}天`,
    notice: `您的${orderNamed(delayed)}已延期${DELAY_DAYS}天，锁定期顺延。`,
  });
  return delayed.expireTime;
}

/** Give up the delay (3, delay 1 → 2) while the lock is held; the remark is optional. */
export async function giveUpDelayTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  remark: string | undefined,
): Promise<boolean> {
  const given = await updateAllowed(tx, 'giveUpDelay', order, actor, {
    delayStatus: DELAY_STATUS.GIVEN_UP,
    delayRemark: remark || null,
  });
  if (!given) return false;
  await setRoomLockTerms(tx, given.roomId, { delayStatus: DELAY_STATUS.GIVEN_UP });
  await logTransition(tx, order, given, at, {
    status: PAY_STATUS.PAID,
    operation: '放弃延期',
    notice: `您已放弃${orderNamed(given)}的延期，锁定期到期后房源将释放。`,
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** Apply for a refund (3 → 4, refund 1|4 → 2) with the intention; the room stays locked. */
export async function applyRefundTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  input: { refundIntention: number; remark?: string | null },
): Promise<boolean> {
  const applied = await updateAllowed(tx, 'applyRefund', order, actor, {
    payStatus: TRANSITIONS.applyRefund.to as PayStatus,
    refundStatus: REFUND_STATUS.PENDING,
    refundIntention: input.refundIntention,
    refundRemark: input.remark || null,
    refundApplyTime: at,
    refundFailReason: null,
    refundOrderNo: refundNumberSql,
  });
  if (!applied) return false;
  const intention = input.refundIntention === 2 ? '退款并解除合同' : '仅退款';
  await logTransition(tx, order, applied, at, {
    status: PAY_STATUS.REFUNDING,
    operation: `申请退还订约金（${intention}）`,
    notice: `您的${orderNamed(applied)}退款申请已提交，请等待审核。`,
  });
  return true;
}

/**
 * Confirm a refund (4 → 5, refund 2 → 3): the refund recorded as a `payments` row of kind refund
 * (completing one that waits), the room blue → green if still held, step 5 订约金退还.
 */
export async function confirmRefundTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  refund: { refundNo: string; amountFen: number; bankRefundNo: string | null },
): Promise<boolean> {
  const lockHeld = await lockStillHeld(tx, order);
  const changed = await updateAllowed(tx, 'confirmRefund', order, actor, {
    payStatus: TRANSITIONS.confirmRefund.to as PayStatus,
    refundStatus: REFUND_STATUS.CONFIRMED,
    refundTime: at,
    refundResult: '订约金已原路退还',
    refundOrderNo: refund.refundNo,
    otherRefundOrderNo: refund.bankRefundNo,
    lockReleasedAt: lockReleasedBy(at),
  });
  if (!changed) return false;
  if (lockHeld) await freeLockedRoom(tx, changed.roomId);
  await tx
    .insert(payments)
    .values({
      outTradeNo: refund.refundNo,
      orderId: order.id,
      kind: 'refund',
      amountFen: refund.amountFen,
      status: 'paid',
      bankTradeNo: refund.bankRefundNo,
      createdAt: at,
      paidAt: at,
    })
    .onConflictDoUpdate({
      target: payments.outTradeNo,
      set: {
        status: 'paid',
        amountFen: refund.amountFen,
        bankTradeNo: refund.bankRefundNo,
        paidAt: at,
        failureReason: null,
      },
    });
  await logTransition(tx, order, changed, at, {
    step: 5,
    status: PAY_STATUS.REFUNDED,
    operation: '订约金已退还',
    notice: `您的${orderNamed(changed)}订约金已原路退还。`,
  });
  return true;
}

/** Reject a refund (4 → 3, refund 2 → 4) with a reason, only while the lock is held. */
export async function rejectRefundTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  reason: string,
): Promise<boolean> {
  const changed = await updateAllowed(tx, 'rejectRefund', order, actor, {
    payStatus: TRANSITIONS.rejectRefund.to as PayStatus,
    refundStatus: REFUND_STATUS.REJECTED,
    refundFailReason: reason,
  });
  if (!changed) return false;
  await logTransition(tx, order, changed, at, {
    status: PAY_STATUS.PAID,
    operation: `退款申请未通过：${reason}`,
    notice: `您的${orderNamed(changed)}退款申请未通过，原因：${reason}`,
  });
  return true;
}

/**
 * The bank refund failed (4 → 7, refund 2 → 3, the reason kept): the operator's decision stands,
 * the lock ends and a still-locked room goes back on sale; only the money is still owed.
 */
export async function refundFailedTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  reason: string,
): Promise<boolean> {
  const lockHeld = await lockStillHeld(tx, order);
  const changed = await updateAllowed(tx, 'refundFailed', order, actor, {
    payStatus: TRANSITIONS.refundFailed.to as PayStatus,
    refundStatus: REFUND_STATUS.CONFIRMED,
    refundFailReason: reason,
    lockReleasedAt: lockReleasedBy(at),
  });
  if (!changed) return false;
  if (lockHeld) await freeLockedRoom(tx, changed.roomId);
  await logTransition(tx, order, changed, at, {
    status: PAY_STATUS.REFUND_FAILED,
    operation: '订约金退款失败，平台将重新办理',
    notice: `您的${orderNamed(changed)}订约金退款暂未成功，平台将尽快重新办理，请留意消息通知。`,
  });
  return true;
}

/**
 * Retry a failed refund (7 → 4, refund → 2): the order waits for its refund again and is settled
 * with the same refund number. No log entry or notice: the settlement that follows writes them.
 */
export async function retryRefundTransition(
  tx: Db,
  order: OrderRef,
  _at: Date,
  actor: Actor,
): Promise<boolean> {
  const changed = await updateAllowed(tx, 'retryRefund', order, actor, {
    payStatus: TRANSITIONS.retryRefund.to as PayStatus,
    refundStatus: REFUND_STATUS.PENDING,
    refundFailReason: null,
  });
  return changed !== undefined;
}

// ---------------------------------------------------------------------------------------------
// End of the lock

/**
 * Release the lock (3|4, lock held, expireTime ≤ at): the room blue → green, a used delay ends
 * (3 → 4); a paid order (3) becomes refund pending (4, intention 2), one already waiting keeps
 * waiting.
 */
export async function releaseLockTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({
      lockReleasedAt: at,
      delayStatus: sql`case when ${orders.delayStatus} = ${DELAY_STATUS.DELAYED} then ${DELAY_STATUS.ENDED}::smallint else ${orders.delayStatus} end`,
    })
    .where(allowedWhere('releaseLock', order, actor, [lte(orders.expireTime, at)]))
    .returning({ ...changedOrder, payStatus: orders.payStatus });
  if (!released) return false;
  await freeLockedRoom(tx, released.roomId);
  if (released.payStatus === PAY_STATUS.PAID) {
    await tx
      .update(orders)
      .set({
        payStatus: PAY_STATUS.REFUNDING,
        refundStatus: REFUND_STATUS.PENDING,
        refundIntention: 2,
        refundApplyTime: at,
        refundRemark: '锁定期满未完成网签备案，订约金自动退还',
        refundFailReason: null,
        refundOrderNo: refundNumberOf(released.orderNo),
      })
      .where(eq(orders.id, order.id));
  }
  await logTransition(tx, order, released, at, {
    status: PAY_STATUS.REFUNDING,
    operation: '锁定期满未网签，房源已释放，订约金待退还',
    notice: `您的${orderNamed(released)}锁定期已满，房源已释放，订约金将原路退还。`,
  });
  return true;
}

/** Refund remark of a net-signed order (the agreement returns the deposit after 网签). */
export const NETSIGN_REFUND_REMARK = '网签备案完成，按约定退还订约金';

/**
 * 网签备案 (3 → 4, lock held, not yet net-signed): contract number and time, the room blue →
 * gray (sold), refund pending (intention 1), step 4 logged at the signing time.
 */
export async function netsignTransition(
  tx: Db,
  order: OrderRef,
  at: Date,
  actor: Actor,
  contract: { netSignNumber: string; signedAt: Date },
): Promise<{ refundOrderNo: string | null } | null> {
  const [signed] = await tx
    .update(orders)
    .set({
      netSignNumber: contract.netSignNumber,
      netSignedAt: contract.signedAt,
      payStatus: TRANSITIONS.netsign.to as PayStatus,
      refundStatus: REFUND_STATUS.PENDING,
      refundIntention: 1,
      refundApplyTime: at,
      refundRemark: NETSIGN_REFUND_REMARK,
      refundFailReason: null,
      refundOrderNo: refundNumberSql,
    })
    .where(allowedWhere('netsign', order, actor))
    .returning({ ...changedOrder, refundOrderNo: orders.refundOrderNo });
  if (!signed) return null;
  await sellRoom(tx, signed.roomId);
  await logTransition(tx, order, signed, contract.signedAt, {
    step: 4,
    status: PAY_STATUS.REFUNDING,
    operation: `网签备案（合同编号${contract.netSignNumber}）`,
    notice: `您的${orderNamed(signed)}已完成网签备案，合同编号${contract.netSignNumber}，订约金将按约定退还。`,
  });
  return { refundOrderNo: signed.refundOrderNo };
}
