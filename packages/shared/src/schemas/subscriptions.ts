import { z } from 'zod';
import { PROJECT_TOPICS, SEARCH_SCOPES } from '../constants/subscriptions';

const projectIdSchema = z.coerce
  .number({ message: '楼盘编号不正确' })
  .int('楼盘编号不正确')
  .positive('楼盘编号不正确');

/**
 * `PUT /api/subscriptions/project-topics`: the caller's topics on one project after the 订阅
 * dialog (an empty list cancels them all).
 */
export const projectSubscribeBodySchema = z.object({
  projectId: projectIdSchema,
  topics: z.array(z.enum(PROJECT_TOPICS, { message: '订阅类型不正确' })).max(3, '订阅类型不正确'),
});
export type ProjectSubscribeBody = z.infer<typeof projectSubscribeBodySchema>;

/** `GET /api/subscriptions/project-topics?projectId=`. */
export const projectTopicsQuerySchema = z.object({ projectId: projectIdSchema });
export const subscriptionIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * `POST /api/subscriptions/searches`: a saved search, the list page and its URL query string
 * (the filters as the page writes them, e.g. `district=130302&price=2`).
 */
export const searchSubscribeBodySchema = z.object({
  scope: z.enum(SEARCH_SCOPES, { message: '搜索类型不正确' }),
  query: z.string().max(500, '搜索条件过长'),
});
export type SearchSubscribeBody = z.infer<typeof searchSubscribeBodySchema>;

/** One subscription of /mySubscriptions. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  topic: z.enum(['opening', 'price', 'licence', 'search']),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  scope: z.enum(SEARCH_SCOPES).nullable(),
  query: z.string().nullable(),
  /** What the search looks for, in words (搜索订阅) or the project's name. */
  title: z.string(),
  createdTime: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ list: z.array(subscriptionSchema) });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

/** The caller's topics on one project (the 订阅 button's state). */
export const projectSubscriptionStateSchema = z.object({
  topics: z.array(z.enum(PROJECT_TOPICS)),
});
export type ProjectSubscriptionState = z.infer<typeof projectSubscriptionStateSchema>;

/** `GET|POST /api/subscriptions/unsubscribe?t=`: the signed token of an SMS link. */
export const unsubscribeTokenQuerySchema = z.object({
  t: z.string().min(1, '退订链接无效').max(200, '退订链接无效'),
});
export const unsubscribeResultSchema = z.object({ title: z.string(), topic: z.string() });
