/** News type codes, one table everywhere (docs/product/content.md): 1 政策公示, 2 房产资讯, 3 楼盘动态. */
export const NEWS_TYPE = { POLICY: 1, INFORMATION: 2, DYNAMIC: 3 } as const;

export type NewsType = (typeof NEWS_TYPE)[keyof typeof NEWS_TYPE];

/** Chinese label of each news type. */
export const NEWS_TYPE_LABEL: Record<NewsType, string> = {
  1: '政策公示',
  2: '房产资讯',
  3: '楼盘动态',
};

/** Characteristic tags of projects (tag type 5, shown on the home page). */
export const TAG_TYPE_CHARACTERISTIC = 5;

/** Page sizes and limits of the news and home blocks (docs/product/content.md). */
export const NEWS_LIMITS = {
  listPageSize: 10,
  homeListSize: 8,
  headlineCount: 5,
  articleRecommendCount: 10,
  favouritePageSize: 10,
} as const;
