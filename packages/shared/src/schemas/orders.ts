import { z } from 'zod';
import { pagingQuery } from './common';

/** Orders per page on /myOrder (docs/product/orders.md). */
export const ORDER_PAGE_SIZE = 10;

/** Minutes an unpaid order keeps its room (docs/product/orders.md). */
export const ORDER_PAY_WINDOW_MINUTES = 30;

/** Days a paid deposit locks the flat, days one delay adds, and the delay window (docs/product/orders.md). */
export const LOCK_DAYS = 7;
export const DELAY_DAYS = 3;
export const DELAY_WINDOW_HOURS = 24;

/** The order steps of the step bar (docs/product/orders.md), in order; step n is index n − 1. */
export const ORDER_STEP_NAMES = [
  '选房下单',
  '缴纳订约金',
  '房源锁定',
  '网签备案',
  '订约金退还',
] as const;

const houseId = z.coerce.number().int().positive();

/** `GET /api/orders/preview?houseId=`: the preview of a deposit order for one room. */
export const orderPreviewQuerySchema = z.object({ houseId });

/** Order preview (docs/product/orders.md). Money: yuan; currentPrice yuan/㎡; buildArea ㎡; ID and phone masked. */
export const orderPreviewSchema = z.object({
  houseId: z.number().int(),
  realName: z.string(),
  idCard: z.string(),
  phone: z.string(),
  houseName: z.string(),
  houseType: z.string().nullable(),
  address: z.string(),
  housePurpose: z.string(),
  currentPrice: z.number().int(),
  buildArea: z.number(),
  totalPrice: z.number().int(),
  lockMoney: z.number().int(),
});

export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/** Refusal of an order whose deposit agreement was not accepted (docs/product/orders.md step 4). */
export const AGREEMENT_REQUIRED_MESSAGE = '请先阅读并同意《新建商品房订约金缴纳协议》';

/** Required-field message of the cancel and delay reasons (docs/product/orders.md). */
export const REASON_REQUIRED_MESSAGE = '必填项不能为空';

/** Longest cancel, delay or refund text, in characters. */
export const ORDER_TEXT_MAX = 200;

/**
 * `POST /api/orders`: create a deposit order for one room. `agreed` must be `true`: the buyer
 * accepted the deposit agreement on /orderConfirmation; the order stores when.
 */
export const orderCreateSchema = z.object({
  houseId,
  agreed: z.literal(true, { error: AGREEMENT_REQUIRED_MESSAGE }),
});

export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** The created order (docs/product/orders.md) with its payment deadline (ISO time). */
export const orderCreatedSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  houseName: z.string(),
  payExpireTime: z.string(),
});

export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/** Path parameter of one order. */
export const orderIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** A required reason: trimmed, not empty (必填项不能为空), at most 200 characters. */
const requiredReason = z
  .string({ error: REASON_REQUIRED_MESSAGE })
  .trim()
  .min(1, REASON_REQUIRED_MESSAGE)
  .max(ORDER_TEXT_MAX, `最多${ORDER_TEXT_MAX}个字符`);

const optionalText = z
  .string()
  .trim()
  .max(ORDER_TEXT_MAX, `最多${ORDER_TEXT_MAX}个字符`)
  .optional();

/** `POST /api/orders/:id/cancel`: the cancel reason is required (docs/product/orders.md). */
export const orderCancelSchema = z.object(
  { cancelReason: requiredReason },
  { error: REASON_REQUIRED_MESSAGE },
);

export type OrderCancel = z.infer<typeof orderCancelSchema>;

/** `GET /api/orders`: the caller's orders, newest first. */
export const orderListQuerySchema = pagingQuery(ORDER_PAGE_SIZE, 50);

export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

const isoOrNull = z.string().nullable();

/**
 * An invoice or receipt of an order (a private file): its stored path, the name it downloads
 * under, and short-lived signed links that show it (`url`) or download it (`downloadUrl`).
 */
export const orderFileSchema = z.object({
  path: z.string(),
  name: z.string(),
  url: z.string(),
  downloadUrl: z.string(),
});

export type OrderFile = z.infer<typeof orderFileSchema>;

/** Kinds of the buyer-visible files of an order (docs/product/orders.md attachmentList `type`). */
export const ORDER_ATTACHMENT_TYPES = ['invoice', 'receipt'] as const;

/** One buyer-visible file of an order: an invoice or a receipt, with its kind. */
export const orderAttachmentSchema = orderFileSchema.extend({
  type: z.enum(ORDER_ATTACHMENT_TYPES),
});

export type OrderAttachment = z.infer<typeof orderAttachmentSchema>;

/**
 * One order as listed and shown (docs/product/orders.md). Times are ISO strings; money in yuan; ID and phone
 * masked. countDown is the whole seconds left to the current deadline: the payment window at
 * payStatus 1, the lock end (expireTime) at payStatus 3, otherwise 0.
 */
export const orderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  otherOrderNo: z.string().nullable(),
  houseId: z.number().int(),
  projectId: z.number().int(),
  houseName: z.string(),
  door: z.string(),
  houseType: z.string().nullable(),
  buildArea: z.number(),
  address: z.string(),
  housePurpose: z.string(),
  currentPrice: z.number().int(),
  totalPrice: z.number().int(),
  lockMoney: z.number().int(),
  payStatus: z.number().int(),
  createdTime: z.string(),
  /** When the buyer accepted the deposit agreement (null for orders from before it was stored). */
  agreedTime: isoOrNull,
  payExpireTime: z.string(),
  payTime: isoOrNull,
  lockDate: isoOrNull,
  expireTime: isoOrNull,
  countDown: z.number().int(),
  allowDelay: z.boolean(),
  delayStatus: z.number().int(),
  delayFailReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelTime: isoOrNull,
  refundStatus: z.number().int(),
  refundIntention: z.number().int().nullable(),
  refundApplyTime: isoOrNull,
  refundFailReason: z.string().nullable(),
  refundResult: z.string().nullable(),
  refundTime: isoOrNull,
  refundRemark: z.string().nullable(),
  refundOrderNo: z.string().nullable(),
  otherRefundOrderNo: z.string().nullable(),
  netsignnum: z.string().nullable(),
  realName: z.string(),
  idCard: z.string(),
  phone: z.string(),
  invoiceList: z.array(orderFileSchema),
  receiptList: z.array(orderFileSchema),
  /** Every buyer-visible file of the order, invoices first, then receipts, each with its type. */
  attachmentList: z.array(orderAttachmentSchema),
  /** When the room stopped being held for this order (lock ended or refund done); null while held. */
  lockReleasedAt: isoOrNull,
});

export type Order = z.infer<typeof orderSchema>;

/** One timeline entry; status is the pay status after the operation. */
export const orderLogSchema = z.object({
  operateTime: z.string(),
  status: z.number().int(),
  operation: z.string(),
});

/** One of the five order steps; operateTime null while not reached. */
export const orderStepSchema = z.object({
  step: z.number().int(),
  name: z.string(),
  operateTime: isoOrNull,
});

/** The order detail: the order plus its timeline (oldest first) and its steps. */
export const orderDetailSchema = orderSchema.extend({
  logList: z.array(orderLogSchema),
  stepList: z.array(orderStepSchema),
});

export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `POST /api/orders/:id/delay`: the delay reason is required (docs/product/orders.md). */
export const orderDelaySchema = z.object(
  { reason: requiredReason },
  { error: REASON_REQUIRED_MESSAGE },
);

export type OrderDelay = z.infer<typeof orderDelaySchema>;

/** `POST /api/orders/:id/delay/give-up`: an optional remark. */
export const orderGiveUpDelaySchema = z.object({ remark: optionalText });

/** `POST /api/orders/:id/refund`: refund intention 1 refund only, 2 refund and terminate (docs/product/orders.md). */
export const orderRefundSchema = z.object({
  refundIntention: z.union([z.literal(1), z.literal(2)], { error: '请选择退款意向' }),
  remark: optionalText,
});

export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** `GET /api/orders/:id/precheck`: the lock is still held for the unpaid order. */
export const orderPrecheckSchema = z.object({
  orderNo: z.string(),
  payExpireTime: z.string(),
});

/** `POST /api/orders/:id/pay`: the bank's auto-submitting payment form (HTML). */
export const orderPayFormSchema = z.object({ html: z.string() });

/** The portal's record of a bank payment: none yet, pending, paid, failed or closed. */
export const paymentStateSchema = z.enum(['none', 'pending', 'paid', 'failed', 'closed']);

/** `GET /api/orders/:id/pay-status`: the order's pay status after asking the bank. */
export const orderPayStatusSchema = z.object({
  payStatus: z.number().int(),
  paymentStatus: paymentStateSchema,
});

export type OrderPayStatus = z.infer<typeof orderPayStatusSchema>;

/**
 * The bank's signed payment notification (`POST /api/pay/notify`, docs/architecture.md). `sign` is
 * the hex HMAC-SHA256 of the other fields as `key=value` pairs sorted by key and joined with `&`.
 */
export const payNotificationSchema = z.object({
  outTradeNo: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(64),
  amountFen: z.coerce.number().int().nonnegative(),
  status: z.enum(['paid', 'failed']),
  notifyTime: z.string().min(1).max(40),
  nonce: z.string().min(8).max(64),
  sign: z.string().regex(/^[0-9a-f]{64}$/, '签名格式不正确'),
});

export type PayNotification = z.infer<typeof payNotificationSchema>;

const wireValue = z.union([z.string().max(200), z.number()]);

/**
 * The notification as it arrives on the wire, every field kept exactly as received (strings stay
 * strings, nothing coerced), so the signature is checked over what the bank signed. Only after
 * that is it read with `payNotificationSchema`.
 */
export const payNotificationWireSchema = z
  .object({ sign: z.string().regex(/^[0-9a-f]{64}$/, '签名格式不正确') })
  .catchall(wireValue);

export type PayNotificationWire = z.infer<typeof payNotificationWireSchema>;
