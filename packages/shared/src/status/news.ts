/**
 * A news article's state (`news.news_state`, docs/product/content.md). Only 已发布 articles are
 * ever shown to the public.
 */
export const NEWS_STATUS = { DRAFT: 1, PENDING: 2, PUBLISHED: 3, WITHDRAWN: 4 } as const;
export type NewsStatusCode = (typeof NEWS_STATUS)[keyof typeof NEWS_STATUS];

/** Every state's label, as the operator console shows it. */
export const NEWS_STATUS_LABEL: Record<NewsStatusCode, string> = {
  [NEWS_STATUS.DRAFT]: '草稿',
  [NEWS_STATUS.PENDING]: '待审核',
  [NEWS_STATUS.PUBLISHED]: '已发布',
  [NEWS_STATUS.WITHDRAWN]: '已撤回',
};
