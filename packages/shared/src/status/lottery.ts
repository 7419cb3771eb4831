/** A 摇号 registration's state (`lottery_registrations.status`, docs/product/lottery.md). */
export const LOTTERY_REG_STATUS = {
  SUBMITTED: 'submitted',
  APPROVED: 'approved',
  REFUSED: 'refused',
  APPEALING: 'appealing',
} as const;
export type LotteryRegStatus = (typeof LOTTERY_REG_STATUS)[keyof typeof LOTTERY_REG_STATUS];

/** Every state's label, as the citizen reads it in 我的摇号. */
export const LOTTERY_REG_STATUS_LABEL: Record<LotteryRegStatus, string> = {
  [LOTTERY_REG_STATUS.SUBMITTED]: '审核中',
  [LOTTERY_REG_STATUS.APPROVED]: '资格通过',
  [LOTTERY_REG_STATUS.REFUSED]: '未通过',
  [LOTTERY_REG_STATUS.APPEALING]: '申诉中',
};

/** A batch's phase, derived from its times and what has been published. */
export const LOTTERY_PHASE = {
  UPCOMING: 'upcoming',
  REGISTERING: 'registering',
  REVIEWING: 'reviewing',
  PUBLISHED: 'published',
  DRAWN: 'drawn',
} as const;
export type LotteryPhase = (typeof LOTTERY_PHASE)[keyof typeof LOTTERY_PHASE];

export const LOTTERY_PHASE_LABEL: Record<LotteryPhase, string> = {
  [LOTTERY_PHASE.UPCOMING]: '即将登记',
  [LOTTERY_PHASE.REGISTERING]: '意向登记中',
  [LOTTERY_PHASE.REVIEWING]: '资格审核中',
  [LOTTERY_PHASE.PUBLISHED]: '名单已公示，待摇号',
  [LOTTERY_PHASE.DRAWN]: '已摇号',
};

/** One 选房 turn (`lottery_places.slot_status`). */
export const LOTTERY_SLOT_STATUS = {
  WAITING: 'waiting',
  ACTIVE: 'active',
  CHOSEN: 'chosen',
  MISSED: 'missed',
} as const;
export type LotterySlotStatus = (typeof LOTTERY_SLOT_STATUS)[keyof typeof LOTTERY_SLOT_STATUS];

export const LOTTERY_SLOT_STATUS_LABEL: Record<LotterySlotStatus, string> = {
  [LOTTERY_SLOT_STATUS.WAITING]: '等待选房',
  [LOTTERY_SLOT_STATUS.ACTIVE]: '正在选房',
  [LOTTERY_SLOT_STATUS.CHOSEN]: '已选房',
  [LOTTERY_SLOT_STATUS.MISSED]: '已过号',
};
