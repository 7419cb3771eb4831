/**
 * A room's sale status, its colour on the building table (`rooms.sale_status`,
 * docs/product/new-build.md): green for sale, yellow while a deposit is being paid, blue once it
 * is paid (locked), gray not for sale or sold.
 */
export const ROOM_SALE_STATUS = {
  AVAILABLE: 'green',
  PAYING: 'yellow',
  LOCKED: 'blue',
  UNAVAILABLE: 'gray',
} as const;
export type RoomSaleStatus = (typeof ROOM_SALE_STATUS)[keyof typeof ROOM_SALE_STATUS];

/** The four colours in legend order. */
export const ROOM_SALE_STATUSES = [
  ROOM_SALE_STATUS.AVAILABLE,
  ROOM_SALE_STATUS.PAYING,
  ROOM_SALE_STATUS.LOCKED,
  ROOM_SALE_STATUS.UNAVAILABLE,
] as const;

/** Legend text of each colour, as citizens read the building table. */
export const ROOM_SALE_STATUS_LABEL: Record<RoomSaleStatus, string> = {
  [ROOM_SALE_STATUS.AVAILABLE]: '可售',
  [ROOM_SALE_STATUS.PAYING]: '订约金缴纳中',
  [ROOM_SALE_STATUS.LOCKED]: '订约金已支付',
  [ROOM_SALE_STATUS.UNAVAILABLE]: '不可售',
};

/** Short label of each colour, as the operator console's room grid shows it. */
export const ROOM_SALE_STATUS_CONSOLE_LABEL: Record<RoomSaleStatus, string> = {
  [ROOM_SALE_STATUS.AVAILABLE]: '可售',
  [ROOM_SALE_STATUS.PAYING]: '缴纳中',
  [ROOM_SALE_STATUS.LOCKED]: '已锁定',
  [ROOM_SALE_STATUS.UNAVAILABLE]: '不可售',
};

/**
 * A shape beside each state's colour, so that the state is told without colour too
 * (docs/product/accessibility.md): the building table's cells and legend show it with the label.
 */
export const ROOM_SALE_STATUS_MARK: Record<RoomSaleStatus, string> = {
  [ROOM_SALE_STATUS.AVAILABLE]: '○',
  [ROOM_SALE_STATUS.PAYING]: '◐',
  [ROOM_SALE_STATUS.LOCKED]: '●',
  [ROOM_SALE_STATUS.UNAVAILABLE]: '✕',
};
