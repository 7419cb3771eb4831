import { DELAY_DAYS, DELAY_WINDOW_HOURS, LOCK_DAYS } from '@portal/shared/schemas/orders';
import { DELAY_STATUS as D, PAY_STATUS, REFUND_STATUS as R } from '@portal/shared/status';
import { gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import {
  freeHeldRoom,
  freeLockedRoom,
  holdRoom,
  lockRoom,
  sellRoom,
  setRoomLockTerms,
} from '../building-table/index';
import { runCreation, runTransition, type TransitionRow } from '../transitions/index';
import {
  type Bank,
  type Changed,
  type Contract,
  DAY_MS,
  freeHeld,
  HOUR_MS,
  ifPaid,
  iso,
  lockReleasedBy,
  type NewOrder,
  newOrderValues,
  ORDERS,
  payWindowEnd,
  type Refund,
  type RefundApplication,
  row,
} from './order-machine';
import { refundNumberSql } from './order-numbers';
import { type Actor, NETSIGN_REFUND_REMARK, orderNamed, type OrderRef } from './order-rules';
import { recordRefundPaid } from './payment-close';

export type { NewOrder } from './order-machine';
export * from './order-rules';

/**
 * The deposit order's transitions (docs/product/orders.md, docs/decisions/0040 and 0062): one row
 * each with only what differs — the fields written beside the pay status, the room's colour
 * (room-state.ts), the log entry and the buyer's notice, the audit action of an operator's move.
 * The runner (modules/transitions) makes the conditional update and writes the consequences; a
 * transition that does not apply changes nothing and answers null or false.
 */

/** The rows: what each transition writes beside the pay status, and what follows from it. */
const ROWS = {
  create: row<NewOrder>('create', {
    precondition: (tx, input, at) => holdRoom(tx, input.house.id, payWindowEnd(at)),
    set: newOrderValues,
    entry: (o) => ({
      step: 1,
      operation: '选房下单，提交订约金订单',
      notice: `您已提交${o.houseName}的订约金订单，请在30分钟内完成支付。`,
    }),
  }),
  pay: row<Bank>('pay', {
    set: (bank, at) => ({
      payTime: at,
      lockTime: at,
      expireTime: new Date(at.getTime() + LOCK_DAYS * DAY_MS),
      otherOrderNo: bank.tradeNo,
    }),
    effects: async (tx, o) => void (await lockRoom(tx, o.roomId, o.expireTime as Date)),
    log: () => [
      { step: 2, operation: '订约金支付成功' },
      { step: 3, operation: `房源已锁定，锁定期${LOCK_DAYS}天` },
    ],
    notices: (o) => [
      { to: [o.userId], text: `您的${orderNamed(o)}订约金已支付成功。` },
      {
        to: [o.userId],
        text: `您的${orderNamed(o)}房源已锁定${LOCK_DAYS}天，请在锁定期内完成网签备案。`,
      },
    ],
  }),
  payFailed: row<void>('payFailed', {
    effects: async (tx, o) => void (await freeHeldRoom(tx, o.roomId)),
    entry: (o) => ({
      operation: '订约金支付失败，房源已释放',
      notice: `您的${orderNamed(o)}订约金支付失败，房源已释放。`,
    }),
  }),
  paidAfterClose: row<Bank>('paidAfterClose', {
    set: (bank, at) => ({
      payTime: at,
      otherOrderNo: bank.tradeNo,
      refundStatus: R.PENDING,
      refundIntention: 2,
      refundApplyTime: at,
      refundRemark: '订单关闭后银行到账，订约金将原路退还',
      refundOrderNo: refundNumberSql,
      lockReleasedAt: at,
    }),
    entry: (o) => ({
      operation: '订单关闭后收到订约金，待原路退还',
      notice: `您的${orderNamed(o)}已关闭，之后到账的订约金将原路退还。`,
    }),
  }),
  expire: row<void>('expire', {
    where: (_, at) => [lte(orders.payExpireTime, at)],
    effects: freeHeld,
    entry: (o) => ({
      operation: '超时未支付，订单已自动关闭',
      notice: `您的${orderNamed(o)}因超时未支付已自动关闭。`,
    }),
  }),
  cancel: row<string>('cancel', {
    set: (reason, at) => ({ cancelTime: at, cancelReason: reason }),
    effects: freeHeld,
    entry: (o, reason) => ({
      operation: `用户取消订单：${reason}`,
      notice: `您的${orderNamed(o)}已取消。`,
    }),
  }),
  delay: row<string>('delay', {
    where: (_, at) => [
      gt(orders.expireTime, at),
      lte(orders.expireTime, new Date(at.getTime() + DELAY_WINDOW_HOURS * HOUR_MS)),
    ],
    set: (reason, at) => ({
      expireTime: sql`${orders.expireTime} + make_interval(days => ${DELAY_DAYS})`,
      delayStatus: D.DELAYED,
      delayApplyTime: at,
      delayReason: reason,
      allowDelay: false,
    }),
    effects: async (tx, o) =>
      void (await setRoomLockTerms(tx, o.roomId, {
        lockExpireTime: o.expireTime as Date,
        delayStatus: D.DELAYED,
      })),
    entry: (o) => ({
      operation: `申请延期，锁定期延长${DELAY_DAYS}天`,
      notice: `您的${orderNamed(o)}已延期${DELAY_DAYS}天，锁定期顺延。`,
    }),
  }),
  giveUpDelay: row<string | undefined>('giveUpDelay', {
    set: (remark) => ({ delayStatus: D.GIVEN_UP, delayRemark: remark || null }),
    effects: async (tx, o) =>
      void (await setRoomLockTerms(tx, o.roomId, { delayStatus: D.GIVEN_UP })),
    entry: (o) => ({
      operation: '放弃延期',
      notice: `您已放弃${orderNamed(o)}的延期，锁定期到期后房源将释放。`,
    }),
  }),
  applyRefund: row<RefundApplication>('applyRefund', {
    set: (input, at) => ({
      refundStatus: R.PENDING,
      refundIntention: input.refundIntention,
      refundRemark: input.remark || null,
      refundApplyTime: at,
      refundFailReason: null,
      refundOrderNo: refundNumberSql,
    }),
    entry: (o, input) => ({
      operation: `申请退还订约金（${input.refundIntention === 2 ? '退款并解除合同' : '仅退款'}）`,
      notice: `您的${orderNamed(o)}退款申请已提交，请等待审核。`,
    }),
  }),
  confirmRefund: row<Refund>('confirmRefund', {
    set: (refund, at) => ({
      refundStatus: R.CONFIRMED,
      refundTime: at,
      refundResult: '订约金已原路退还',
      refundOrderNo: refund.refundNo,
      otherRefundOrderNo: refund.bankRefundNo,
      lockReleasedAt: lockReleasedBy(at),
    }),
    effects: async (tx, o, refund, at, before) => {
      if (before?.lockReleasedAt === null) await freeLockedRoom(tx, o.roomId);
      await recordRefundPaid(tx, o.id, refund, at);
    },
    entry: (o) => ({
      step: 5,
      operation: '订约金已退还',
      notice: `您的${orderNamed(o)}订约金已原路退还。`,
    }),
    audit: 'order.refundConfirm',
  }),
  rejectRefund: row<string>('rejectRefund', {
    set: (reason) => ({ refundStatus: R.REJECTED, refundFailReason: reason }),
    entry: (o, reason) => ({
      operation: `退款申请未通过：${reason}`,
      notice: `您的${orderNamed(o)}退款申请未通过，原因：${reason}`,
    }),
    audit: 'order.refundReject',
    auditDetails: (_, reason) => ({ reason }),
  }),
  refundFailed: row<string>('refundFailed', {
    set: (reason, at) => ({
      refundStatus: R.CONFIRMED,
      refundFailReason: reason,
      lockReleasedAt: lockReleasedBy(at),
    }),
    effects: async (tx, o, _, __, before) =>
      void (before?.lockReleasedAt === null && (await freeLockedRoom(tx, o.roomId))),
    entry: (o) => ({
      operation: '订约金退款失败，平台将重新办理',
      notice: `您的${orderNamed(o)}订约金退款暂未成功，平台将尽快重新办理，请留意消息通知。`,
    }),
    audit: 'order.refundFail',
    auditDetails: (_, reason) => ({ refundFailReason: reason }),
  }),
  // No log entry or notice: the settlement that follows writes them.
  retryRefund: row<void>('retryRefund', {
    set: () => ({ refundStatus: R.PENDING, refundFailReason: null }),
    audit: 'order.refundRetry',
  }),
  releaseLock: row<void>('releaseLock', {
    where: (_, at) => [lte(orders.expireTime, at)],
    set: (_, at) => ({
      lockReleasedAt: at,
      delayStatus: sql`case when ${orders.delayStatus} = ${D.DELAYED} then ${D.ENDED}::smallint else ${orders.delayStatus} end`,
      payStatus: ifPaid(PAY_STATUS.REFUNDING, orders.payStatus),
      refundStatus: ifPaid(R.PENDING, orders.refundStatus),
      refundIntention: ifPaid(2, orders.refundIntention),
      refundApplyTime: ifPaid(iso(at), orders.refundApplyTime),
      refundRemark: ifPaid('锁定期满未完成网签备案，订约金自动退还', orders.refundRemark),
      refundFailReason: ifPaid(sql`null`, orders.refundFailReason),
      refundOrderNo: ifPaid(refundNumberSql, orders.refundOrderNo),
    }),
    effects: async (tx, o) => void (await freeLockedRoom(tx, o.roomId)),
    entry: (o) => ({
      operation: '锁定期满未网签，房源已释放，订约金待退还',
      notice: `您的${orderNamed(o)}锁定期已满，房源已释放，订约金将原路退还。`,
    }),
  }),
  netsign: row<Contract>('netsign', {
    set: (c, at) => ({
      netSignNumber: c.netSignNumber,
      netSignedAt: c.signedAt,
      refundStatus: R.PENDING,
      refundIntention: 1,
      refundApplyTime: at,
      refundRemark: NETSIGN_REFUND_REMARK,
      refundFailReason: null,
      refundOrderNo: refundNumberSql,
    }),
    effects: async (tx, o) => void (await sellRoom(tx, o.roomId)),
    log: (_, c) => [
      { step: 4, operation: `网签备案（合同编号${c.netSignNumber}）`, at: c.signedAt },
    ],
    notices: (o, c) => [
      {
        to: [o.userId],
        at: c.signedAt,
        text: `您的${orderNamed(o)}已完成网签备案，合同编号${c.netSignNumber}，订约金将按约定退还。`,
      },
    ],
    audit: 'order.netsign',
    auditDetails: (o, c) => ({
      netsignnum: c.netSignNumber,
      netsignTime: c.signedAt.toISOString(),
      refundOrderNo: o.refundOrderNo,
    }),
  }),
};

/** A transition of `name` as a function: true when it applied, false when it did not. */
const move =
  <A>(name: keyof typeof ROWS) =>
  async (tx: Db, o: OrderRef, at: Date, actor: Actor, args: A) =>
    (await run(name, tx, o, at, actor, args)) !== undefined;
const run = <A>(name: keyof typeof ROWS, tx: Db, o: OrderRef, at: Date, actor: Actor, args: A) =>
  runTransition(tx, ORDERS, ROWS[name] as TransitionRow<Changed, A>, o.id, actor, args, at);

/** Create (→ 1): the room green → yellow for 30 minutes, the order inserted once with its number. */
export async function createOrderTransition(tx: Db, input: NewOrder, at: Date, actor: Actor) {
  const created = await runCreation(tx, ORDERS, ROWS.create, actor, input, at);
  return created
    ? { id: created.id, orderNo: created.orderNo, payExpireTime: created.payExpireTime as Date }
    : null;
}
export const payTransition = move<Bank>('pay');
export const payFailedTransition = move<void>('payFailed');
export const paidAfterCloseTransition = move<Bank>('paidAfterClose');
export const expireTransition = move<void>('expire');
export const cancelTransition = move<string>('cancel');
export const giveUpDelayTransition = move<string | undefined>('giveUpDelay');
export const applyRefundTransition = move<RefundApplication>('applyRefund');
export const confirmRefundTransition = move<Refund>('confirmRefund');
export const rejectRefundTransition = move<string>('rejectRefund');
export const refundFailedTransition = move<string>('refundFailed');
export const retryRefundTransition = move<void>('retryRefund');
export const releaseLockTransition = move<void>('releaseLock');

/** Delay (3, delay 1 → 3) in the lock's last 24 hours: the new lock end, or null. */
export async function delayTransition(tx: Db, o: OrderRef, at: Date, a: Actor, reason: string) {
  return (await run('delay', tx, o, at, a, reason))?.expireTime ?? null;
}

/** 网签备案 (3 → 4): the refund number it left, or null when it does not apply. */
export async function netsignTransition(tx: Db, o: OrderRef, at: Date, a: Actor, c: Contract) {
  const signed = await run('netsign', tx, o, at, a, c);
  return signed ? { refundOrderNo: signed.refundOrderNo } : null;
}
