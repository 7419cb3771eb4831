/**
 * Buyers' subscriptions (docs/product/subscriptions.md): three topics on a project and one on a
 * saved search. Texts are the ones the pages show.
 */
export const SUBSCRIPTION_TOPIC = {
  /** 开盘通知: rooms of a building of the project go on sale (turn green). */
  OPENING: 'opening',
  /** 变价通知: the project's 平台价 or a room's price moves by 1 % or more. */
  PRICE: 'price',
  /** 新证通知: a pre-sale licence is assigned to a building of the project. */
  LICENCE: 'licence',
  /** A saved /newHouse or /secondhandhouse search: new matching projects or listings. */
  SEARCH: 'search',
} as const;
export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPIC)[keyof typeof SUBSCRIPTION_TOPIC];

export const PROJECT_TOPICS = ['opening', 'price', 'licence'] as const;
export type ProjectTopic = (typeof PROJECT_TOPICS)[number];

export const SUBSCRIPTION_TOPIC_LABEL: Record<SubscriptionTopic, string> = {
  opening: '开盘通知',
  price: '变价通知',
  licence: '新证通知',
  search: '搜索订阅',
};

/** Saved searches are of these two list pages. */
export const SEARCH_SCOPES = ['newHouse', 'secondhandhouse'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The smallest price move, in per cent, that 变价通知 reports. */
export const PRICE_NOTICE_MIN_PERCENT = 1;
/** At most this many subscription SMS per user and Beijing calendar day. */
export const SUBSCRIPTION_SMS_DAILY_CAP = 3;
/** No subscription SMS from 22:00 to 08:00 Beijing time; they wait until 08:00. */
export const QUIET_HOURS = { from: 22, to: 8 } as const;
/** Saved searches a user may keep, and project subscriptions. */
export const MAX_SUBSCRIPTIONS = 50;
