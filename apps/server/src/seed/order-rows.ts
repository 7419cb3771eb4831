import { PAY_STATUS } from '@portal/shared/status';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { identityHashOf, nameHashOf } from '../db/identity-cipher';
import { orders, payments } from '../db/schema/index';
import {
  applyRefundTransition,
  cancelTransition,
  confirmRefundTransition,
  createOrderTransition,
  delayTransition,
  expireTransition,
  giveUpDelayTransition,
  netsignTransition,
  refundFailedTransition,
  rejectRefundTransition,
  type Actor,
} from '../modules/orders/order-transitions';
import { applyBankResult, refundNumberOf } from '../modules/orders/payment.service';
import { addDays, addMinutes } from './context';
import type { PlannedProject } from './project-plan';
import type { RoomRow } from './rooms';
import type { SeedUser } from './users';

/** One order to play: who, which room, which final state, and when it started. */
export interface OrderScenario {
  payStatus: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
  user: SeedUser;
  room: RoomRow;
  project: PlannedProject;
  houseName: string;
  createdAt: Date;
  /** Paid orders: the lock was extended by 3 days (delay status 3, or 4 once closed). */
  delayed?: boolean;
  /** Paid orders: the buyer gave up the delay (delay status 2). */
  delayGivenUp?: boolean;
  /** Paid orders: a refund application was rejected (refund status 4). */
  refundRejected?: boolean;
  netSignNumber?: string;
}

/**
 * Plays one scenario through the order transitions of modules/orders at the scenario's own
 * moments (the seed's clock), so its timeline, log, notices, payments and the room's colour are
 * the ones the portal itself would have written: created, then cancelled after 12 minutes, timed
 * out after 30, failed or paid after a few minutes; once paid, a delay in the lock's last day or a
 * delay given up, a refund applied for and rejected, 网签 three days after payment and the refund
 * settled (or failed) a day later. Returns the order id. Throws when a step the scenario needs is
 * refused, which would mean the plan was not a possible timeline.
 */
export async function playOrder(
  tx: Db,
  scenario: OrderScenario,
  documents: { invoice: string; receipt: string },
): Promise<number> {
  const { payStatus, room, project, user, createdAt } = scenario;
  const buyer: Actor = { kind: 'buyer', userId: user.id };
  // The operator's decisions (refund rejected, 网签, refund settled) as the back office takes them.
  const operator: Actor = { kind: 'system' };
  const refuse = (step: string): never => {
    throw new Error(`seed order on room ${room.id}: ${step} was refused`);
  };
  const created = await createOrderTransition(
    tx,
    {
      userId: user.id,
      house: {
        id: room.id,
        projectId: project.id,
        houseName: scenario.houseName,
        door: room.roomNumber,
        houseType: room.roomType,
        buildArea: room.buildArea,
        address: project.address,
        housePurpose: room.housePurpose,
        currentPrice: room.currentPrice,
        totalPrice: room.totalPrice,
        lockMoney: project.depositAmount,
      },
      buyer: {
        realName: user.realName ?? '',
        realNameHash: nameHashOf(user.realName ?? ''),
        idCard: user.idCard ?? '',
        phone: user.phone,
        identityHash: user.idCard ? identityHashOf(user.idCard) : '',
      },
    },
    createdAt,
    buyer,
  );
  if (!created) return refuse('create');
  const order = { id: created.id };
  if (payStatus === PAY_STATUS.AWAITING_PAYMENT) return order.id;
  if (payStatus === PAY_STATUS.CANCELLED) {
    const at = addMinutes(createdAt, 12);
    if (!(await cancelTransition(tx, order, at, buyer, '个人原因，暂不购买'))) refuse('cancel');
    return order.id;
  }
  if (payStatus === PAY_STATUS.TIMED_OUT) {
    const at = addMinutes(createdAt, 30);
    if (!(await expireTransition(tx, order, at, { kind: 'system' }))) refuse('expire');
    return order.id;
  }

  // The bank's side: a pending payment the bank then settles (paid, or failed).
  const outTradeNo = `P${created.orderNo}`;
  const amountFen = project.depositAmount * 100;
  await tx.insert(payments).values({
    outTradeNo,
    orderId: order.id,
    kind: 'pay',
    amountFen,
    status: 'pending',
    createdAt: addMinutes(createdAt, 1),
  });
  const failed = payStatus === PAY_STATUS.PAY_FAILED;
  const payTime = addMinutes(createdAt, failed ? 6 : 4);
  await applyBankResult(
    tx,
    {
      outTradeNo,
      tradeNo: `BK${created.orderNo.slice(2)}`,
      amountFen,
      status: failed ? 'failed' : 'paid',
    },
    payTime,
  );
  if (failed) return order.id;
  await tx
    .update(orders)
    .set({ receiptPaths: [documents.receipt] })
    .where(eq(orders.id, order.id));

  if (scenario.refundRejected) {
    const applied = addDays(payTime, 1);
    if (!(await applyRefundTransition(tx, order, applied, buyer, { refundIntention: 1 }))) {
      refuse('refund application');
    }
    const reason = '房源锁定期内未完成网签备案，暂不能退款';
    if (!(await rejectRefundTransition(tx, order, addMinutes(applied, 90), operator, reason))) {
      refuse('refund rejection');
    }
  }
  if (scenario.delayGivenUp) {
    const at = addDays(payTime, 6.1);
    if (!(await giveUpDelayTransition(tx, order, at, buyer, '已筹齐房款，无需延期'))) {
      refuse('giving up the delay');
    }
  }
  if (scenario.delayed) {
    const at = addDays(payTime, 6.2);
    const reason = '贷款审批材料尚在准备中，申请延期';
    if (!(await delayTransition(tx, order, at, buyer, reason))) refuse('delay');
  }
  if (payStatus === PAY_STATUS.PAID) return order.id;

  // 4, 5, 7: 网签 three days after payment (after the delay, if any), the refund settled a day
  // later (or failed).
  const signedAt = addDays(payTime, scenario.delayed ? 6.5 : 3);
  const contract = { netSignNumber: scenario.netSignNumber ?? `WQSEED${order.id}`, signedAt };
  const signed = await netsignTransition(tx, order, signedAt, operator, contract);
  if (!signed) return refuse('网签');
  const settledAt = addDays(signedAt, 1);
  const refundNo = signed.refundOrderNo ?? refundNumberOf(created.orderNo);
  if (payStatus === PAY_STATUS.REFUNDING || payStatus === PAY_STATUS.REFUND_FAILED) {
    // The bank's side: the refund request sent after 网签, still waiting (4) or refused (7).
    await tx.insert(payments).values({
      outTradeNo: refundNo,
      orderId: order.id,
      kind: 'refund',
      amountFen,
      status: payStatus === PAY_STATUS.REFUNDING ? 'pending' : 'failed',
      failureReason:
        payStatus === PAY_STATUS.REFUND_FAILED ? '收款账户状态异常，银行退款失败' : null,
      createdAt: addMinutes(signedAt, 30),
    });
  }
  if (payStatus === PAY_STATUS.REFUNDING) return order.id;
  if (payStatus === PAY_STATUS.REFUND_FAILED) {
    const reason = '收款账户状态异常，银行退款失败';
    if (!(await refundFailedTransition(tx, order, settledAt, operator, reason))) {
      refuse('refund failure');
    }
    return order.id;
  }
  const bankRefundNo = `BR${refundNo.slice(2)}`;
  if (
    !(await confirmRefundTransition(tx, order, settledAt, operator, {
      refundNo,
      amountFen,
      bankRefundNo,
    }))
  ) {
    refuse('refund');
  }
  await tx
    .update(orders)
    .set({ invoicePaths: [documents.invoice] })
    .where(eq(orders.id, order.id));
  return order.id;
}
