/** Limits of 房聊 (instant chat) and of the interaction form, shared by server and web. */
export const CHAT_LIMITS = {
  /** Longest text message, characters. */
  maxTextLength: 1000,
  /** Largest image message, bytes. */
  maxImageBytes: 5 * 1024 * 1024,
  /** Messages per page of history. */
  historyPageSize: 20,
  /** Messages a user may send in one rate window. */
  ratePerWindow: 20,
  /** Length of the rate window, ms. */
  rateWindowMs: 10_000,
} as const;

export const FEEDBACK_LIMITS = {
  /** Feedback rows per page of /feedback (docs/product/content.md). */
  pageSize: 10,
  realnameMax: 20,
  titleMax: 50,
  /** Longest stored content HTML, characters. */
  contentMax: 20_000,
  /** Life of one picture code, ms. */
  captchaTtlMs: 10 * 60 * 1000,
} as const;

/**
 * What a 房聊 conversation is for: a published listing, with its publisher, or the operators'
 * service channel (平台客服). No other conversation can be started (docs/product/listings.md).
 */
export const CHAT_KIND = { LISTING: 'listing', SERVICE: 'service' } as const;
export type ChatKind = (typeof CHAT_KIND)[keyof typeof CHAT_KIND];

/** The name the service channel shows to citizens. */
export const CHAT_SERVICE_NAME = '平台客服';

/** Why a participant reports a conversation. */
export const CHAT_REPORT_REASON_LABEL = {
  harassment: '骚扰辱骂',
  fraud: '诈骗或索要钱财',
  advert: '广告推销',
  other: '其他',
} as const;
export type ChatReportReason = keyof typeof CHAT_REPORT_REASON_LABEL;
export const CHAT_REPORT_REASONS = Object.keys(CHAT_REPORT_REASON_LABEL) as ChatReportReason[];

/** A conversation report: open until an operator dismisses or upholds it. */
export const CHAT_REPORT_STATUS = {
  OPEN: 'open',
  DISMISSED: 'dismissed',
  UPHELD: 'upheld',
} as const;
export type ChatReportStatus = (typeof CHAT_REPORT_STATUS)[keyof typeof CHAT_REPORT_STATUS];

/** Every status in the order the operator's tabs show them, open first. */
export const CHAT_REPORT_STATUSES = [
  CHAT_REPORT_STATUS.OPEN,
  CHAT_REPORT_STATUS.DISMISSED,
  CHAT_REPORT_STATUS.UPHELD,
] as const;

export const CHAT_REPORT_STATUS_LABEL: Record<ChatReportStatus, string> = {
  [CHAT_REPORT_STATUS.OPEN]: '待处理',
  [CHAT_REPORT_STATUS.DISMISSED]: '未发现违规',
  [CHAT_REPORT_STATUS.UPHELD]: '已确认违规，会话已关闭',
};

export const CHAT_REPORT_LIMITS = { descriptionMax: 300, noteMax: 200 } as const;
