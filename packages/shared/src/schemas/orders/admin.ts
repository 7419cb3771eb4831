import { z } from 'zod';
import { pagingQuery } from '../common';
import { ADMIN_PAGE_SIZE, queryDate, queryInt, queryText } from '../common/admin';

// The operator console's orders: search, 网签, refunds, invoices and receipts (`/api/admin/orders`).

/** Operator order search; every filter is also a query parameter of the console's order page. */
export const adminOrderQuerySchema = pagingQuery(ADMIN_PAGE_SIZE).extend({
  /** Order number, buyer phone, buyer name or house name. */
  keyword: queryText,
  payStatus: queryInt,
  refundStatus: queryInt,
  /** Ordered on or after this Beijing day (yyyy-MM-dd). */
  createdFrom: queryDate,
  /** Ordered on or before this Beijing day (yyyy-MM-dd), that whole day included. */
  createdTo: queryDate,
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  houseName: z.string(),
  door: z.string(),
  lockMoney: z.number().int(),
  payStatus: z.number().int(),
  refundStatus: z.number().int(),
  refundIntention: z.number().int().nullable(),
  refundRemark: z.string().nullable(),
  refundApplyTime: z.string().nullable(),
  /** Why a refund was rejected, or why the bank refused it (pay status 7). */
  refundFailReason: z.string().nullable(),
  netsignnum: z.string().nullable(),
  netsignTime: z.string().nullable(),
  payTime: z.string().nullable(),
  createdAt: z.string(),
  invoiceUrls: z.array(z.string()),
  receiptUrls: z.array(z.string()),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** Record the 网签 stage of a paid order. */
export const adminNetsignSchema = z.object({
  netsignnum: z
    .string()
    .trim()
    .min(1, '请输入网签合同编号')
    .max(40, '网签合同编号不能超过40个字符')
    .regex(/^[A-Za-z0-9-]+$/, '网签合同编号只能包含字母、数字和连字符'),
  /** ISO time of the filing; defaults to now. */
  netsignTime: z.iso.datetime({ offset: true }).optional(),
});
export type AdminNetsign = z.infer<typeof adminNetsignSchema>;

/**
 * Outcome of the deposit refund that follows 网签 or an operator's retry: `refunded`;
 * `processing` when the bank accepted it but has not yet confirmed the money moved (the order
 * stays 退款中 and completes by itself once the bank confirms); or `failed` with the bank's reason
 * (the order then shows pay status 7 and may be retried).
 */
export const adminRefundOutcomeSchema = z.object({
  refund: z.enum(['refunded', 'processing', 'failed']),
  failReason: z.string().nullable(),
});
export type AdminRefundOutcome = z.infer<typeof adminRefundOutcomeSchema>;

/** Which file list an order upload goes to. */
export const adminOrderFileQuerySchema = z.object({ kind: z.enum(['invoice', 'receipt']) });
