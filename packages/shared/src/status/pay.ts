/** An order's pay status (`orders.pay_status`, `order_logs.status`; docs/product/orders.md). */
export const PAY_STATUS = {
  CANCELLED: 0,
  AWAITING_PAYMENT: 1,
  TIMED_OUT: 2,
  PAID: 3,
  REFUNDING: 4,
  REFUNDED: 5,
  PAY_FAILED: 6,
  REFUND_FAILED: 7,
} as const;
export type PayStatusCode = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

/** Every pay status's short label, as the operator console shows it. */
export const PAY_STATUS_LABEL: Record<PayStatusCode, string> = {
  [PAY_STATUS.CANCELLED]: '已取消',
  [PAY_STATUS.AWAITING_PAYMENT]: '待支付',
  [PAY_STATUS.TIMED_OUT]: '超时未支付',
  [PAY_STATUS.PAID]: '已支付',
  [PAY_STATUS.REFUNDING]: '退款中',
  [PAY_STATUS.REFUNDED]: '已退款',
  [PAY_STATUS.PAY_FAILED]: '支付失败',
  [PAY_STATUS.REFUND_FAILED]: '退款失败',
};

/** Every pay status as the buyer reads it on /myOrder, naming the deposit (订约金). */
export const PAY_STATUS_ORDER_LABEL: Record<PayStatusCode, string> = {
  [PAY_STATUS.CANCELLED]: '订约金已取消',
  [PAY_STATUS.AWAITING_PAYMENT]: '订约金待支付',
  [PAY_STATUS.TIMED_OUT]: '订约金未支付，已超时',
  [PAY_STATUS.PAID]: '订约金支付成功',
  [PAY_STATUS.REFUNDING]: '订约金退款中',
  [PAY_STATUS.REFUNDED]: '订约金退款成功',
  [PAY_STATUS.PAY_FAILED]: '订约金支付失败',
  [PAY_STATUS.REFUND_FAILED]: '订约金退款失败',
};
