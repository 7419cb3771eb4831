import { beijingStamp } from '@portal/shared/beijing-time';
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index';

/** Order number: DJ, the Beijing time yyyyMMddHHmmss, then the order id padded to 5 digits. */
export function orderNumber(id: number, createdAt: Date): string {
  return `DJ${beijingStamp(createdAt)}${String(id).padStart(5, '0')}`;
}

/** Refund number of an order: TK + the order number without its DJ prefix (the one rule). */
export const refundNumberOf = (orderNo: string) => `TK${orderNo.replace(/^DJ/, '')}`;

/** The same rule in SQL, keeping the number an order already has. */
export const refundNumberSql = sql`coalesce(${orders.refundOrderNo}, 'TK' || substr(${orders.orderNo}, 3))`;
