import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../identity-cipher';
import { areaM2, createdAt, idColumn, timestampTz, updatedAt } from './columns';
import { projects } from './projects';
import { rooms } from './rooms';
import { users } from './users';

/**
 * Deposit (订约金) orders, every field an order shows (docs/product/orders.md). House fields are a snapshot taken at
 * creation. Money: lock_money and total_price in yuan; current_price yuan/㎡.
 *
 * pay_status (docs/product/orders.md): 0 cancelled, 1 awaiting payment, 2 unpaid timed out, 3 paid,
 * 4 refunding, 5 refunded, 6 payment failed, 7 refund failed.
 * delay_status: 1 not applied, 2 given up (both 未延期), 3 delayed, 4 delay ended (已延期).
 * refund_status: 1 not applied, 2 pending, 3 confirmed, 4 rejected.
 * refund_intention: 1 refund only, 2 refund and terminate the contract.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull().unique(),
    /** Bank-side trade number (otherOrderNo). */
    otherOrderNo: text('other_order_no'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    houseName: text('house_name').notNull(),
    door: text('door').notNull(),
    houseType: text('house_type'),
    buildArea: areaM2('build_area').notNull(),
    address: text('address').notNull(),
    housePurpose: text('house_purpose').notNull(),
    currentPrice: integer('current_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    lockMoney: integer('lock_money').notNull(),
    payStatus: smallint('pay_status').notNull().default(1),
    createdAt: createdAt(),
    /** When the buyer accepted the deposit agreement (`agreed: true` of the create request). */
    agreedAt: timestampTz('agreed_at'),
    /** created_at + 30 minutes (docs/product/orders.md). */
    payExpireTime: timestampTz('pay_expire_time').notNull(),
    payTime: timestampTz('pay_time'),
    /** Start of the lock (lockDate): the payment time. */
    lockTime: timestampTz('lock_time'),
    /** End of the lock: pay_time + 7 days, + 3 days once delayed (docs/product/orders.md). */
    expireTime: timestampTz('expire_time'),
    allowDelay: boolean('allow_delay').notNull().default(false),
    delayStatus: smallint('delay_status').notNull().default(1),
    delayApplyTime: timestampTz('delay_apply_time'),
    delayReason: text('delay_reason'),
    delayFailReason: text('delay_fail_reason'),
    delayRemark: text('delay_remark'),
    cancelReason: text('cancel_reason'),
    cancelTime: timestampTz('cancel_time'),
    refundStatus: smallint('refund_status').notNull().default(1),
    refundIntention: smallint('refund_intention'),
    refundApplyTime: timestampTz('refund_apply_time'),
    refundRemark: text('refund_remark'),
    refundFailReason: text('refund_fail_reason'),
    refundResult: text('refund_result'),
    refundTime: timestampTz('refund_time'),
    refundOrderNo: text('refund_order_no'),
    otherRefundOrderNo: text('other_refund_order_no'),
    /** 网签 contract number once the contract is filed. */
    netSignNumber: text('net_sign_number'),
    /** When the contract was filed (网签时间). */
    netSignedAt: timestampTz('net_signed_at'),
    /** When the room was released for this order (lock ended or refund confirmed); null while held. */
    lockReleasedAt: timestampTz('lock_released_at'),
    /** Buyer identity snapshot (real-name verified), encrypted at rest (db/identity-cipher.ts). */
    realName: encryptedText('real_name').notNull(),
    idCard: encryptedText('id_card').notNull(),
    /** Keyed hash of the buyer's name: the console's exact-name search. */
    realNameHash: text('real_name_hash'),
    phone: text('phone').notNull(),
    /** Keyed hash of the buyer's ID number: one identity across accounts (fair-lock rules). */
    identityHash: text('identity_hash'),
    /** Invoice and receipt files (paths under the uploads root). */
    invoicePaths: text('invoice_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    receiptPaths: text('receipt_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_room_idx').on(t.roomId),
    index('orders_project_idx').on(t.projectId),
    index('orders_pay_expire_idx')
      .on(t.payExpireTime)
      .where(sql`${t.payStatus} = 1`),
    index('orders_lock_expire_idx')
      .on(t.expireTime)
      .where(sql`${t.payStatus} = 3`),
    /** At most one live order (awaiting payment or paid) per room. */
    uniqueIndex('orders_room_live_uq')
      .on(t.roomId)
      .where(sql`${t.payStatus} in (1, 3)`),
    /** The live orders of one identity (awaiting payment, or paid with the lock held). */
    index('orders_identity_live_idx')
      .on(t.identityHash)
      .where(
        sql`${t.payStatus} = 1 or (${t.payStatus} in (3, 4) and ${t.lockReleasedAt} is null and ${t.netSignNumber} is null)`,
      ),
    /** Recently closed unpaid orders of one identity (the 24-hour cooling-off rule). */
    index('orders_identity_closed_idx')
      .on(t.identityHash, t.payExpireTime)
      .where(sql`${t.payStatus} in (0, 2)`),
    check('orders_pay_status_check', sql`${t.payStatus} between 0 and 7`),
    check('orders_delay_status_check', sql`${t.delayStatus} between 1 and 4`),
    check('orders_refund_status_check', sql`${t.refundStatus} between 1 and 4`),
  ],
);

/**
 * Order timeline. step: 1 选房下单, 2 缴纳订约金, 3 房源锁定, 4 网签备案, 5 订约金退还
 * (docs/product/orders.md); status is the order's pay_status after the operation.
 */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: idColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    step: smallint('step'),
    status: smallint('status').notNull(),
    operation: text('operation').notNull(),
    operateTime: timestampTz('operate_time').notNull(),
  },
  (t) => [index('order_logs_order_idx').on(t.orderId, t.operateTime)],
);

/**
 * Bank payments and refunds (simulator or real). Amounts in fen. status: pending, paid, failed,
 * closed; notifications are HMAC-SHA256 signed and retried.
 */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** pay or refund. */
    kind: text('kind').notNull().default('pay'),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').notNull().default('pending'),
    bankTradeNo: text('bank_trade_no'),
    notifyAttempts: smallint('notify_attempts').notNull().default(0),
    lastNotifyAt: timestampTz('last_notify_at'),
    notifiedAt: timestampTz('notified_at'),
    signature: text('signature'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestampTz('paid_at'),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_status_idx').on(t.status, t.lastNotifyAt),
    check('payments_kind_check', sql`${t.kind} in ('pay', 'refund')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'closed')`),
  ],
);

/**
 * The bank simulator's own ledger (the bank side of a trade, kept apart from `payments`, which is
 * the portal's side). status: pending, paid, failed. Used only while SIMULATORS is on.
 */
export const bankSimTrades = pgTable(
  'bank_sim_trades',
  {
    id: idColumn(),
    tradeNo: text('trade_no').notNull().unique(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    orderNo: text('order_no').notNull(),
    subject: text('subject').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').notNull().default('pending'),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    notifyAttempts: smallint('notify_attempts').notNull().default(0),
    notifiedAt: timestampTz('notified_at'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [check('bank_sim_trades_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`)],
);
