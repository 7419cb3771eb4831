import { ORDER_PAY_WINDOW_MINUTES } from '@portal/shared/schemas/orders';
import { PAY_STATUS } from '@portal/shared/status';
import { inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLogs, orders } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { freeHeldRoom } from '../building-table/index';
import type { Machine, TransitionRow } from '../transitions/index';
import { orderNumber } from './order-numbers';
import { TRANSITIONS, type TransitionName, type TransitionRule } from './order-rules';
import { closePendingPayments } from './payment-close';

/**
 * The orders table as a state machine of the transition runner (docs/decisions/0062): its state
 * columns, the log each move writes, and the `row` helper that gives a row the from-states of
 * the table in order-rules.ts. The rows themselves are in order-transitions.ts.
 */

const S = PAY_STATUS;

/** What a transition hands to its consequences. */
export interface Changed {
  payStatus: number;
  roomId: number;
  userId: number;
  orderNo: string;
  houseName: string;
  expireTime: Date | null;
  payExpireTime: Date | null;
  refundOrderNo: string | null;
}

export const ORDERS: Machine<Changed> = {
  table: orders,
  id: orders.id,
  owner: orders.userId,
  status: orders.payStatus,
  statusKey: 'payStatus',
  state: {
    payStatus: orders.payStatus,
    refundStatus: orders.refundStatus,
    lockReleasedAt: orders.lockReleasedAt,
  },
  returning: {
    roomId: orders.roomId,
    userId: orders.userId,
    orderNo: orders.orderNo,
    houseName: orders.houseName,
    expireTime: orders.expireTime,
    payExpireTime: orders.payExpireTime,
    refundOrderNo: orders.refundOrderNo,
    lockReleasedAt: orders.lockReleasedAt,
  },
  targetType: 'order',
  noticeBizType: 'order',
  audits: (actor) => actor.kind === 'operator',
  writeLog: async (tx, changed, entries) => {
    await tx.insert(orderLogs).values(
      entries.map((e) => ({
        orderId: changed.id,
        step: e.step ?? null,
        status: e.status ?? changed.payStatus,
        operation: e.operation,
        operateTime: e.at,
      })),
    );
  },
};

/** The table's extra conditions of `name` as SQL. */
function ruleWhere(rule: TransitionRule): SQL[] {
  return [
    rule.refundFrom ? inArray(orders.refundStatus, [...rule.refundFrom]) : undefined,
    rule.delayFrom ? inArray(orders.delayStatus, [...rule.delayFrom]) : undefined,
    rule.lockHeld ? isNull(orders.lockReleasedAt) : undefined,
    rule.notNetsigned ? isNull(orders.netSignNumber) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/** An order row: the table's from/to and conditions, one log entry with the buyer's notice. */
export function row<A>(
  name: TransitionName,
  spec: Omit<TransitionRow<Changed, A>, 'from' | 'to'> & {
    entry?: (o: Changed, args: A) => { step?: number; operation: string; notice: string };
  },
): TransitionRow<Changed, A> {
  const rule = TRANSITIONS[name];
  const { entry, ...rest } = spec;
  return {
    from: rule.from,
    to: rule.to,
    ...rest,
    where: (args, at) => [...ruleWhere(rule), ...(spec.where?.(args, at) ?? [])],
    log: spec.log ?? (entry && ((o, args) => [entry(o, args)])),
    notices:
      spec.notices ??
      (entry && ((o, args, at) => [{ to: [o.userId], text: entry(o, args).notice, at }])),
  };
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** The lock's release time: kept when already released, else `at`. */
export const lockReleasedBy = (at: Date) => sql`coalesce(${orders.lockReleasedAt}, ${iso(at)})`;
/** A value written only when the order is still paid (3) at the release of its lock. */
export const ifPaid = (value: unknown, column: unknown) =>
  sql`case when ${orders.payStatus} = ${S.PAID} then ${value} else ${column} end`;

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

export const payWindowEnd = (at: Date) =>
  new Date(at.getTime() + ORDER_PAY_WINDOW_MINUTES * 60_000);
export const freeHeld = async (tx: Db, o: Changed & { id: number }) => {
  await freeHeldRoom(tx, o.roomId);
  await closePendingPayments(tx, o.id);
};
export type Bank = { tradeNo: string };
export type Refund = { refundNo: string; amountFen: number; bankRefundNo: string | null };
export type RefundApplication = { refundIntention: number; remark?: string | null };

/** The inserted order: its id taken first, so the row is written once with its number. */
export async function newOrderValues({ house, buyer, userId }: NewOrder, at: Date, tx: Db) {
  const [next] = await selectRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`,
  );
  const id = Number(next?.id);
  const { id: roomId, ...snapshot } = house;
  return {
    id,
    orderNo: orderNumber(id, at),
    userId,
    roomId,
    ...snapshot,
    ...buyer,
    createdAt: at,
    agreedAt: at,
    payExpireTime: payWindowEnd(at),
  };
}

export type Contract = { netSignNumber: string; signedAt: Date };
