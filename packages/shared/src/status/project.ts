/**
 * A new-build project's publish state (`projects.publish_status`, docs/product/new-build.md).
 * Only 已发布 projects are shown to citizens.
 */
export const PROJECT_STATUS = {
  /** Entered, not yet submitted. */
  DRAFT: 1,
  /** Waiting for an operator's review. */
  PENDING: 2,
  /** Public: in search, on its page and its building table. */
  PUBLISHED: 3,
  /** Taken off the site. */
  TAKEN_DOWN: 4,
} as const;
export type ProjectStatusCode = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

/** Every state's label, as the operator console shows it. */
export const PROJECT_STATUS_LABEL: Record<ProjectStatusCode, string> = {
  [PROJECT_STATUS.DRAFT]: '待发布',
  [PROJECT_STATUS.PENDING]: '待审核',
  [PROJECT_STATUS.PUBLISHED]: '已发布',
  [PROJECT_STATUS.TAKEN_DOWN]: '已下架',
};
