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
  /** Feedback rows per page of /feedback (DECISIONS #21). */
  pageSize: 10,
  realnameMax: 20,
  titleMax: 50,
  /** Longest stored content HTML, characters. */
  contentMax: 20_000,
  /** Life of one picture code, ms. */
  captchaTtlMs: 10 * 60 * 1000,
} as const;
