/**
 * An order's delay status (`orders.delay_status`, `rooms.delay_status`; docs/product/orders.md):
 * not applied and given up both read 未延期, delayed and delay ended both read 已延期.
 */
export const DELAY_STATUS = { NONE: 1, GIVEN_UP: 2, DELAYED: 3, ENDED: 4 } as const;
export type DelayStatusCode = (typeof DELAY_STATUS)[keyof typeof DELAY_STATUS];

/** Every delay status's label, as the buyer reads it on the order and the building table. */
export const DELAY_STATUS_LABEL: Record<DelayStatusCode, string> = {
  [DELAY_STATUS.NONE]: '未延期',
  [DELAY_STATUS.GIVEN_UP]: '未延期',
  [DELAY_STATUS.DELAYED]: '已延期',
  [DELAY_STATUS.ENDED]: '已延期',
};

/** The label of a delay status; null for a number that is none (e.g. a room without an order). */
export function delayStatusLabel(status: number | null): string | null {
  return status !== null && status in DELAY_STATUS_LABEL
    ? DELAY_STATUS_LABEL[status as DelayStatusCode]
    : null;
}
