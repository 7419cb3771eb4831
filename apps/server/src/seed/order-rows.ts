import { createHmac } from 'node:crypto';
import { identityHashOf, nameHashOf } from '../db/identity-cipher';
import type { orderLogs, orders, payments } from '../db/schema/index';
import { addDays, addMinutes, beijingStamp } from './context';
import type { PlannedProject } from './project-plan';
import type { RoomRow } from './rooms';
import type { SeedUser } from './users';

/** One order to create: who, which room, which final state, and when it started. */
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
  netsignnum?: string;
}

export interface OrderRows {
  order: typeof orders.$inferInsert;
  logs: Array<typeof orderLogs.$inferInsert>;
  payments: Array<typeof payments.$inferInsert>;
}

const SIGNING_KEY = 'seed-bank-simulator';

function sign(outTradeNo: string, amountFen: number, status: string): string {
  return createHmac('sha256', SIGNING_KEY)
    .update(`${outTradeNo}|${amountFen}|${status}`)
    .digest('hex');
}

/**
 * Builds an order row in the scenario's final state with its timeline and bank payments, and sets
 * the room's colour to match (yellow while awaiting payment, blue while locked, gray once
 * net-signed). Money: lock_money and total_price in yuan, payments in fen.
 */
export function buildOrder(
  id: number,
  scenario: OrderScenario,
  now: Date,
  documents: { invoice: string; receipt: string },
): OrderRows {
  const { payStatus, room, project, user, createdAt } = scenario;
  const lockMoney = scenario.project.depositAmount;
  const seq = String(id).padStart(5, '0');
  const orderNo = `DJ${beijingStamp(createdAt)}${seq}`;
  const logs: OrderRows['logs'] = [
    {
      orderId: id,
      step: 1,
      status: 1,
      operation: '选房下单，提交订约金订单',
      operateTime: createdAt,
    },
  ];
  const pays: OrderRows['payments'] = [];
  const paid = payStatus >= 3 && payStatus !== 6;
  const payTime = paid ? addMinutes(createdAt, 4) : null;
  const netsigned = payStatus === 4 || payStatus === 5 || payStatus === 7;
  const netsignTime = netsigned && payTime ? addDays(payTime, 3) : null;
  let expireTime: Date | null = null;
  let delayStatus = 1;
  if (payTime) {
    expireTime = addDays(payTime, scenario.delayed ? 10 : 7);
    delayStatus = scenario.delayed ? (payStatus === 3 ? 3 : 4) : scenario.delayGivenUp ? 2 : 1;
    pays.push({
      outTradeNo: `PAY${orderNo.slice(2)}`,
      orderId: id,
      kind: 'pay',
      amountFen: lockMoney * 100,
      status: 'paid',
      bankTradeNo: `BK${beijingStamp(payTime)}${seq}`,
      notifyAttempts: 1,
      lastNotifyAt: payTime,
      notifiedAt: payTime,
      signature: sign(`PAY${orderNo.slice(2)}`, lockMoney * 100, 'paid'),
      createdAt: addMinutes(createdAt, 1),
      paidAt: payTime,
    });
    logs.push(
      {
        orderId: id,
        step: 2,
        status: 3,
        operation: `缴纳订约金${lockMoney}元，支付成功`,
        operateTime: payTime,
      },
      {
        orderId: id,
        step: 3,
        status: 3,
        operation: `房源锁定成功，锁定期7天`,
        operateTime: payTime,
      },
    );
    if (scenario.delayed) {
      logs.push({
        orderId: id,
        step: null,
        status: 3,
        operation: '申请延期成功，锁定期延长3天',
        operateTime: addDays(payTime, 6.2),
      });
    }
    if (scenario.delayGivenUp) {
      logs.push({
        orderId: id,
        step: null,
        status: 3,
        operation: '放弃延期',
        operateTime: addDays(payTime, 6.1),
      });
    }
  }
  const refundTime = netsignTime ? addDays(netsignTime, 1) : null;
  const refundOrderNo = netsigned ? `TK${orderNo.slice(2)}` : null;
  if (netsignTime) {
    logs.push({
      orderId: id,
      step: 4,
      status: 3,
      operation: '网签备案完成，已生成网签合同',
      operateTime: netsignTime,
    });
    pays.push({
      outTradeNo: refundOrderNo as string,
      orderId: id,
      kind: 'refund',
      amountFen: lockMoney * 100,
      status: payStatus === 5 ? 'paid' : payStatus === 7 ? 'failed' : 'pending',
      bankTradeNo: payStatus === 5 ? `BR${beijingStamp(refundTime as Date)}${seq}` : null,
      notifyAttempts: payStatus === 4 ? 0 : 1,
      lastNotifyAt: payStatus === 4 ? null : refundTime,
      notifiedAt: payStatus === 4 ? null : refundTime,
      signature:
        payStatus === 4
          ? null
          : sign(refundOrderNo as string, lockMoney * 100, payStatus === 5 ? 'paid' : 'failed'),
      failureReason: payStatus === 7 ? '收款账户状态异常，银行退款失败' : null,
      createdAt: addMinutes(netsignTime, 30),
      paidAt: payStatus === 5 ? refundTime : null,
    });
    logs.push({
      orderId: id,
      step: null,
      status: 4,
      operation: '订约金退款申请已提交',
      operateTime: addMinutes(netsignTime, 30),
    });
    if (payStatus === 5)
      logs.push({
        orderId: id,
        step: 5,
        status: 5,
        operation: `订约金${lockMoney}元已原路退还`,
        operateTime: refundTime as Date,
      });
    if (payStatus === 7)
      logs.push({
        orderId: id,
        step: null,
        status: 7,
        operation: '订约金退款失败，请联系客服',
        operateTime: refundTime as Date,
      });
  }
  if (payStatus === 0)
    logs.push({
      orderId: id,
      step: null,
      status: 0,
      operation: '用户取消订单',
      operateTime: addMinutes(createdAt, 12),
    });
  if (payStatus === 2)
    logs.push({
      orderId: id,
      step: null,
      status: 2,
      operation: '超时未支付，订单已自动关闭',
      operateTime: addMinutes(createdAt, 30),
    });
  if (payStatus === 6) {
    const failedAt = addMinutes(createdAt, 6);
    logs.push({
      orderId: id,
      step: null,
      status: 6,
      operation: '订约金支付失败',
      operateTime: failedAt,
    });
    pays.push({
      outTradeNo: `PAY${orderNo.slice(2)}`,
      orderId: id,
      kind: 'pay',
      amountFen: lockMoney * 100,
      status: 'failed',
      notifyAttempts: 1,
      lastNotifyAt: failedAt,
      notifiedAt: failedAt,
      signature: sign(`PAY${orderNo.slice(2)}`, lockMoney * 100, 'failed'),
      failureReason: '银行卡余额不足',
      createdAt: addMinutes(createdAt, 2),
    });
  }

  if (payStatus === 1) {
    room.saleStatus = 'yellow';
    room.payExpireTime = addMinutes(createdAt, 30);
  } else if (payStatus === 3) {
    room.saleStatus = 'blue';
    room.lockExpireTime = expireTime;
    room.delayStatus = delayStatus;
  } else if (netsigned) {
    room.saleStatus = 'gray';
  }

  const order: typeof orders.$inferInsert = {
    id,
    orderNo,
    otherOrderNo: payTime ? `BK${beijingStamp(payTime)}${seq}` : null,
    userId: user.id,
    roomId: room.id,
    projectId: project.id,
    houseName: scenario.houseName,
    door: room.houseMapName,
    houseType: room.roomType,
    buildArea: room.buildArea,
    address: project.address,
    housePurpose: room.housePurpose,
    currentPrice: room.currentPrice,
    totalPrice: room.totalPrice,
    lockMoney,
    payStatus,
    createdAt,
    agreedAt: createdAt,
    payExpireTime: addMinutes(createdAt, 30),
    payTime,
    lockTime: payTime,
    expireTime,
    allowDelay:
      payStatus === 3 &&
      !scenario.delayed &&
      !scenario.delayGivenUp &&
      expireTime !== null &&
      expireTime.getTime() - now.getTime() < 86_400_000,
    delayStatus,
    delayApplyTime: scenario.delayed && payTime ? addDays(payTime, 6.2) : null,
    delayReason: scenario.delayed ? '贷款审批材料尚在准备中，申请延期' : null,
    delayRemark: scenario.delayGivenUp ? '已筹齐房款，无需延期' : null,
    cancelReason: payStatus === 0 ? '个人原因，暂不购买' : null,
    cancelTime: payStatus === 0 ? addMinutes(createdAt, 12) : null,
    refundStatus: netsigned ? (payStatus === 4 ? 2 : 3) : scenario.refundRejected ? 4 : 1,
    refundIntention: netsigned || scenario.refundRejected ? 1 : null,
    refundApplyTime: netsignTime
      ? addMinutes(netsignTime, 30)
      : scenario.refundRejected && payTime
        ? addDays(payTime, 1)
        : null,
    refundRemark: netsigned
      ? '已完成网签，申请退还订约金'
      : scenario.refundRejected
        ? '申请退还订约金'
        : null,
    refundFailReason: scenario.refundRejected
      ? '房源锁定期内未完成网签备案，暂不能退款'
      : payStatus === 7
        ? '收款账户状态异常，银行退款失败'
        : null,
    refundResult: payStatus === 5 ? '订约金已原路退还' : null,
    refundTime: payStatus === 5 ? refundTime : null,
    refundOrderNo,
    otherRefundOrderNo: payStatus === 5 ? `BR${beijingStamp(refundTime as Date)}${seq}` : null,
    netsignnum: netsigned ? (scenario.netsignnum ?? null) : null,
    netsignTime,
    realName: user.realName ?? '',
    realNameHash: nameHashOf(user.realName ?? ''),
    idCard: user.idCard ?? '',
    identityHash: user.idCard ? identityHashOf(user.idCard) : null,
    phone: user.phone,
    invoicePaths: payStatus === 5 ? [documents.invoice] : [],
    receiptPaths: paid ? [documents.receipt] : [],
    updatedAt: logs[logs.length - 1]?.operateTime ?? createdAt,
  };
  return { order, logs, payments: pays };
}
