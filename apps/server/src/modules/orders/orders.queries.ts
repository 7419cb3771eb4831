import type { Paged } from '@portal/shared/codes';
import { maskPhone } from '@portal/shared/format';
import {
  ORDER_STEP_NAMES,
  PAY_STATUS,
  type Order,
  type OrderDetail,
  type OrderListQuery,
} from '@portal/shared/schemas/orders';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLogs, orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { maskIdCard } from './order-events';
import { canDelay } from './order-time.service';

type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * Whole seconds from `now` to the order's current deadline (0 when none or passed): the payment
 * window at payStatus 1, the lock end while the room is held (paid, or refund pending) and
 * not yet net-signed.
 */
function countDownSeconds(row: OrderRow, now: Date): number {
  const lockHeld =
    (row.payStatus === PAY_STATUS.paid || row.payStatus === PAY_STATUS.refunding) &&
    !row.lockReleasedAt &&
    !row.netsignnum;
  const target =
    row.payStatus === PAY_STATUS.awaitingPayment
      ? row.payExpireTime
      : lockHeld
        ? row.expireTime
        : null;
  if (!target) return 0;
  return Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
}

/** The order DTO of spec 2 §3 (ID and phone masked). */
export function toOrderDto(row: OrderRow, now: Date): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    otherOrderNo: row.otherOrderNo,
    houseId: row.roomId,
    projectId: row.projectId,
    houseName: row.houseName,
    door: row.door,
    houseType: row.houseType,
    buildArea: row.buildArea,
    address: row.address,
    housePurpose: row.housePurpose,
    currentPrice: row.currentPrice,
    totalPrice: row.totalPrice,
    lockMoney: row.lockMoney,
    payStatus: row.payStatus,
    createdTime: row.createdAt.toISOString(),
    payExpireTime: row.payExpireTime.toISOString(),
    payTime: iso(row.payTime),
    lockDate: iso(row.lockTime),
    expireTime: iso(row.expireTime),
    countDown: countDownSeconds(row, now),
    allowDelay: canDelay(row, now),
    delayStatus: row.delayStatus,
    delayFailReason: row.delayFailReason,
    cancelReason: row.cancelReason,
    cancelTime: iso(row.cancelTime),
    refundStatus: row.refundStatus,
    refundIntention: row.refundIntention,
    refundApplyTime: iso(row.refundApplyTime),
    refundFailReason: row.refundFailReason,
    refundResult: row.refundResult,
    refundTime: iso(row.refundTime),
    refundRemark: row.refundRemark,
    refundOrderNo: row.refundOrderNo,
    otherRefundOrderNo: row.otherRefundOrderNo,
    netsignnum: row.netsignnum,
    realName: row.realName,
    idCard: maskIdCard(row.idCard),
    phone: maskPhone(row.phone),
    invoiceList: row.invoicePaths.map((path) => ({ path })),
    receiptList: row.receiptPaths.map((path) => ({ path })),
    lockReleasedAt: iso(row.lockReleasedAt),
  };
}

/** The caller's orders, newest first, 10 per page by default (spec 2 §2 /myOrder). */
export async function listOrders(
  db: Db,
  userId: number,
  query: OrderListQuery,
  now = new Date(),
): Promise<Paged<Order>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return {
    list: rows.map((row) => toOrderDto(row, now)),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/**
 * One of the caller's orders with its timeline (oldest first) and the five steps of
 * DECISIONS #12, each with the time of its first log entry. 404 for someone else's order.
 */
export async function getOrderDetail(
  db: Db,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderDetail> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', '订单不存在');
  const logs = await db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, orderId))
    .orderBy(asc(orderLogs.operateTime), asc(orderLogs.id));
  const stepList = ORDER_STEP_NAMES.map((name, index) => {
    const reached = logs.find((log) => log.step === index + 1);
    return {
      step: index + 1,
      name,
      operateTime: reached ? reached.operateTime.toISOString() : null,
    };
  });
  return {
    ...toOrderDto(row, now),
    logList: logs.map((log) => ({
      operateTime: log.operateTime.toISOString(),
      status: log.status,
      operation: log.operation,
    })),
    stepList,
  };
}
