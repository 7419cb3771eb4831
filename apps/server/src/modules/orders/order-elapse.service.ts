import { PAY_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { orderLogs, orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { shiftRoomDeadlines } from '../building-table/index';

/** At most 30 days of simulated time per call, in hours. */
export const ELAPSE_MAX_HOURS = 720;

/** Order numbers as issued (`DJ` + digits, 0011). */
export const elapseParamsSchema = z.object({
  orderNo: z.string().regex(/^DJ\d{6,30}$/, '订单编号不正确'),
});

/** Hours to let pass: a positive number up to 720 (fractions allowed), from JSON or a form. */
export const elapseBodySchema = z.object({
  hours: z.coerce
    .number({ error: '请输入小时数' })
    .positive('小时数须大于0')
    .max(ELAPSE_MAX_HOURS, `小时数不能超过${ELAPSE_MAX_HOURS}`),
});

/** The order's time fields after the shift (ISO strings). */
export const elapsedOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  payStatus: z.number().int(),
  createdTime: z.string(),
  payExpireTime: z.string(),
  expireTime: z.string().nullable(),
});

export type ElapsedOrder = z.infer<typeof elapsedOrderSchema>;

/**
 * Simulator only (SIMULATORS on): lets `hours` of time pass for ONE order without touching the
 * server clock, so journeys and demos can reach time rules (30-minute payment window, the last
 * day of a lock when the delay opens, lock end) in seconds while other orders are unaffected.
 * Every stored timestamp of the order, its timeline entries, and its room's deadlines while the
 * room is still held for this order (yellow while unpaid, blue while locked and not released;
 * only one order can hold a room) move `hours` into the past, in one transaction. The sweeper and every rule then treat the order as that much
 * older. 404 (订单不存在) for an unknown order number.
 */
export async function elapseOrderTime(
  db: Db,
  orderNo: string,
  hours: number,
): Promise<ElapsedOrder> {
  const seconds = hours * 3600;
  const back = (column: PgColumn): SQL =>
    sql`${column} - make_interval(secs => ${seconds}::double precision)`;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        createdAt: back(orders.createdAt),
        agreedAt: back(orders.agreedAt),
        payExpireTime: back(orders.payExpireTime),
        payTime: back(orders.payTime),
        lockTime: back(orders.lockTime),
        expireTime: back(orders.expireTime),
        delayApplyTime: back(orders.delayApplyTime),
        cancelTime: back(orders.cancelTime),
        refundApplyTime: back(orders.refundApplyTime),
        refundTime: back(orders.refundTime),
        netSignedAt: back(orders.netSignedAt),
        lockReleasedAt: back(orders.lockReleasedAt),
      })
      .where(eq(orders.orderNo, orderNo))
      .returning();
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    await tx
      .update(orderLogs)
      .set({ operateTime: back(orderLogs.operateTime) })
      .where(eq(orderLogs.orderId, order.id));
    const heldUnpaid = order.payStatus === PAY_STATUS.AWAITING_PAYMENT;
    const heldLocked =
      (order.payStatus === PAY_STATUS.PAID || order.payStatus === PAY_STATUS.REFUNDING) &&
      order.lockReleasedAt === null;
    if (heldUnpaid || heldLocked) {
      await shiftRoomDeadlines(
        tx,
        order.roomId,
        heldUnpaid ? ROOM_SALE_STATUS.PAYING : ROOM_SALE_STATUS.LOCKED,
        seconds,
      );
    }
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      payStatus: order.payStatus,
      createdTime: order.createdAt.toISOString(),
      payExpireTime: order.payExpireTime.toISOString(),
      expireTime: order.expireTime ? order.expireTime.toISOString() : null,
    };
  });
}
