import type { AdminOrderQuery } from '@portal/shared/schemas/orders/admin';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf, nameHashOf } from '../../db/identity-cipher';
import { orders } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { dayBound } from '../../lib/beijing-day';
import { signOrderFiles } from './order-files';

const rowColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  userId: orders.userId,
  realName: orders.realName,
  phone: orders.phone,
  houseName: orders.houseName,
  door: orders.door,
  lockMoney: orders.lockMoney,
  payStatus: orders.payStatus,
  refundStatus: orders.refundStatus,
  refundIntention: orders.refundIntention,
  refundRemark: orders.refundRemark,
  refundApplyTime: orders.refundApplyTime,
  refundFailReason: orders.refundFailReason,
  netSignNumber: orders.netSignNumber,
  netSignedAt: orders.netSignedAt,
  payTime: orders.payTime,
  createdAt: orders.createdAt,
  invoicePaths: orders.invoicePaths,
  receiptPaths: orders.receiptPaths,
};

type Row = Pick<typeof orders.$inferSelect, keyof typeof rowColumns>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A console row; invoices and receipts are private files, shown by short-lived signed links. */
async function toRow(row: Row, storage: ObjectStorage) {
  const { invoicePaths, receiptPaths, netSignNumber, netSignedAt, ...rest } = row;
  return {
    ...rest,
    netsignnum: netSignNumber,
    refundApplyTime: iso(row.refundApplyTime),
    netsignTime: iso(netSignedAt),
    payTime: iso(row.payTime),
    createdAt: row.createdAt.toISOString(),
    invoiceUrls: await signOrderFiles(storage, invoicePaths),
    receiptUrls: await signOrderFiles(storage, receiptPaths),
  };
}

/**
 * Order search for the console: keyword over order number, phone and house name (in part), the
 * buyer's full name or ID number (whole);
 * pay and refund status; and the Beijing days the order was placed on (both ends included).
 */
export async function searchOrders(db: Db, storage: ObjectStorage, query: AdminOrderQuery) {
  const conditions: SQL[] = [];
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    // Buyer names and ID numbers are encrypted at rest: they match whole, by their keyed hashes.
    const keyword = or(
      ilike(orders.orderNo, like),
      eq(orders.realNameHash, nameHashOf(query.keyword)),
      eq(orders.identityHash, identityHashOf(query.keyword)),
      ilike(orders.phone, like),
      ilike(orders.houseName, like),
    );
    if (keyword) conditions.push(keyword);
  }
  if (query.payStatus !== undefined) conditions.push(eq(orders.payStatus, query.payStatus));
  if (query.refundStatus !== undefined)
    conditions.push(eq(orders.refundStatus, query.refundStatus));
  if (query.createdFrom) conditions.push(gte(orders.createdAt, dayBound(query.createdFrom, false)));
  if (query.createdTo) conditions.push(lt(orders.createdAt, dayBound(query.createdTo, true)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return {
    list: await Promise.all(rows.map((row) => toRow(row, storage))),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** One order for the console. */
export async function getAdminOrder(db: Db, storage: ObjectStorage, id: number) {
  const [row] = await db.select(rowColumns).from(orders).where(eq(orders.id, id));
  if (!row) throw new AppError('NOT_FOUND', '订单不存在');
  return toRow(row, storage);
}
