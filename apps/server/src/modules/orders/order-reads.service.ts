import type { Paged } from '@portal/shared/codes';
import type { Order, OrderDetail, OrderListQuery } from '@portal/shared/schemas/orders';
import { PAY_STATUS } from '@portal/shared/status';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../integrations/storage/index';
import { expireUnpaidOrders } from './order-expiry';
import { readOrderDetail, readOrderList } from './orders.queries';

/**
 * The caller's orders (/myOrder). Their unpaid orders whose 30-minute window has passed are
 * expired first (the expire transition, with its log entry and notice, as the sweeper does), so a
 * list read at the deadline shows status 2.
 */
export async function listOrders(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  query: OrderListQuery,
  now = new Date(),
): Promise<Paged<Order>> {
  await expireUnpaidOrders(db, now, { userId });
  return readOrderList(db, storage, userId, query, now);
}

/**
 * One of the caller's orders (/myOrderDetails). An order still awaiting payment after its
 * deadline is expired first and read again, so the detail never shows it awaiting payment.
 */
export async function getOrderDetail(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderDetail> {
  const detail = await readOrderDetail(db, storage, userId, orderId, now);
  if (detail.payStatus !== PAY_STATUS.AWAITING_PAYMENT || new Date(detail.payExpireTime) > now) {
    return detail;
  }
  await expireUnpaidOrders(db, now, { userId });
  return readOrderDetail(db, storage, userId, orderId, now);
}
