/** An order's refund application status (`orders.refund_status`, docs/product/orders.md). */
export const REFUND_STATUS = { NONE: 1, PENDING: 2, CONFIRMED: 3, REJECTED: 4 } as const;
export type RefundStatusCode = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** Every refund status's label, as the buyer and the operator read it. */
export const REFUND_STATUS_LABEL: Record<RefundStatusCode, string> = {
  [REFUND_STATUS.NONE]: '未申请',
  [REFUND_STATUS.PENDING]: '待确认',
  [REFUND_STATUS.CONFIRMED]: '已确认',
  [REFUND_STATUS.REJECTED]: '已驳回',
};
