import type { Paged } from '@portal/shared/codes';
import { maskPhone } from '@portal/shared/format';
import {
  ORDER_STEP_NAMES,
  type Order,
  type OrderDetail,
  type OrderListQuery,
} from '@portal/shared/schemas/orders';
import { PAY_STATUS } from '@portal/shared/status';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { orderLogs, orders } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { maskIdCard } from './order-events';
import { orderFileLinks } from './order-files';
import { delayOpen } from './order-transitions';

type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * Whole seconds from `now` to the order's current deadline (0 when none or passed): the payment
 * window at payStatus 1, the lock end while the room is held (paid, or refund pending) and
 * not yet net-signed.
 */
function countDownSeconds(row: OrderRow, now: Date): number {
  const lockHeld =
    (row.payStatus === PAY_STATUS.PAID || row.payStatus === PAY_STATUS.REFUNDING) &&
    !row.lockReleasedAt &&
    !row.netSignNumber;
  const target =
    row.payStatus === PAY_STATUS.AWAITING_PAYMENT
      ? row.payExpireTime
      : lockHeld
        ? row.expireTime
        : null;
  if (!target) return 0;
  return Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
}

/**
 * The order DTO (docs/product/orders.md; ID and phone masked). Invoices and receipts are private files:
 * they come with short-lived signed links to show and download them, listed by kind
 * (invoiceList, receiptList) and together with their type (attachmentList).
 */
export async function toOrderDto(row: OrderRow, now: Date, storage: ObjectStorage): Promise<Order> {
  const [invoiceList, receiptList] = await Promise.all([
    orderFileLinks(storage, row.invoicePaths, '发票', now),
    orderFileLinks(storage, row.receiptPaths, '收据', now),
  ]);
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
    agreedTime: iso(row.agreedAt),
    payExpireTime: row.payExpireTime.toISOString(),
    payTime: iso(row.payTime),
    lockDate: iso(row.lockTime),
    expireTime: iso(row.expireTime),
    countDown: countDownSeconds(row, now),
    allowDelay: delayOpen(row, now),
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
    netsignnum: row.netSignNumber,
    realName: row.realName,
    idCard: maskIdCard(row.idCard),
    phone: maskPhone(row.phone),
    invoiceList,
    receiptList,
    attachmentList: [
      ...invoiceList.map((file) => ({ ...file, type: 'invoice' as const })),
      ...receiptList.map((file) => ({ ...file, type: 'receipt' as const })),
    ],
    lockReleasedAt: iso(row.lockReleasedAt),
  };
}

/**
 * The caller's orders, newest first, 10 per page by default (/myOrder, docs/product/orders.md).
 * Reads only: `listOrders` of order-reads.service.ts expires the caller's overdue orders first.
 */
export async function readOrderList(
  db: Db,
  storage: ObjectStorage,
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
    list: await Promise.all(rows.map((row) => toOrderDto(row, now, storage))),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

const ORDER_OF_USER = 'order_of_user';
const orderOfUser = (db: Db) =>
  preparedStatement(db, ORDER_OF_USER, (handle) =>
    handle
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.id, sql.placeholder('orderId')),
          eq(orders.userId, sql.placeholder('userId')),
        ),
      )
      .prepare(ORDER_OF_USER),
  );

const ORDER_TIMELINE = 'order_timeline';
const orderTimeline = (db: Db) =>
  preparedStatement(db, ORDER_TIMELINE, (handle) =>
    handle
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, sql.placeholder('orderId')))
      .orderBy(asc(orderLogs.operateTime), asc(orderLogs.id))
      .prepare(ORDER_TIMELINE),
  );

/**
 * The caller's order (undefined when not theirs) and its timeline, oldest first, read together
 * by two prepared statements (an order detail is read on every visit of /myOrderDetails).
 */
async function readOrderWithLogs(db: Db, userId: number, orderId: number) {
  const [[row], logs] = await Promise.all([
    orderOfUser(db).execute({ orderId, userId }),
    orderTimeline(db).execute({ orderId }),
  ]);
  return { row, logs };
}

/**
 * One of the caller's orders with its timeline (oldest first) and the five steps of
 * the step bar (docs/product/orders.md), each with the time of its first log entry. 404 for someone else's order (the
 * timeline, read alongside, is then dropped unseen). Reads only: `getOrderDetail` of
 * order-reads.service.ts expires an overdue order first.
 */
export async function readOrderDetail(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderDetail> {
  const { row, logs } = await readOrderWithLogs(db, userId, orderId);
  if (!row) throw new AppError('NOT_FOUND', '订单不存在');
  const stepList = ORDER_STEP_NAMES.map((name, index) => {
    const reached = logs.find((log) => log.step === index + 1);
    return {
      step: index + 1,
      name,
      operateTime: reached ? reached.operateTime.toISOString() : null,
    };
  });
  return {
    ...(await toOrderDto(row, now, storage)),
    logList: logs.map((log) => ({
      operateTime: log.operateTime.toISOString(),
      status: log.status,
      operation: log.operation,
    })),
    stepList,
  };
}

/** The newest orders (or the one numbered `orderNo`), for the simulated-time page under /dev. */
export async function latestOrders(db: Db, orderNo: string | undefined, limit: number) {
  return db
    .select()
    .from(orders)
    .where(orderNo ? eq(orders.orderNo, orderNo) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
