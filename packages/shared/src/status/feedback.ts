/** A question or suggestion's state (`feedback.state`, docs/product/accounts.md). */
export const FEEDBACK_STATUS = { PENDING: 'pending', REPLIED: 'replied' } as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUS)[keyof typeof FEEDBACK_STATUS];

/** Every state's label, as the citizen reads it in 我的反馈. */
export const FEEDBACK_STATUS_LABEL: Record<FeedbackStatus, string> = {
  [FEEDBACK_STATUS.PENDING]: '待处理',
  [FEEDBACK_STATUS.REPLIED]: '已回复',
};

/** The state of a stored row (`feedback.state` is text): replied, or else pending. */
export function feedbackStatusOf(state: string): FeedbackStatus {
  return state === FEEDBACK_STATUS.REPLIED ? FEEDBACK_STATUS.REPLIED : FEEDBACK_STATUS.PENDING;
}
