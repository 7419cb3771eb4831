import { envelopeOf } from '@portal/shared/schemas/common';
import {
  projectSubscribeBodySchema,
  projectSubscriptionStateSchema,
  projectTopicsQuerySchema,
  searchSubscribeBodySchema,
  subscriptionIdParamSchema,
  subscriptionListSchema,
  unsubscribeResultSchema,
  unsubscribeTokenQuerySchema,
} from '@portal/shared/schemas/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { listSubscriptions, projectTopicsOf } from './subscriptions.queries';
import {
  cancelSubscription,
  saveSearch,
  setProjectTopics,
  unsubscribeById,
} from './subscriptions.service';
import { readUnsubscribeToken } from './unsubscribe-token';

export interface SubscriptionRoutesOptions {
  /** The key the SMS unsubscribe tokens are signed with. */
  tokenKey: Buffer;
}

/** Subscriptions (/mySubscriptions, the 订阅 button of /houseHome, saved searches, SMS unsubscribe). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/subscriptions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: '我的订阅',
        response: { 200: envelopeOf(subscriptionListSchema) },
      },
    },
    async (request) => ok({ list: await listSubscriptions(app.db, currentUser(request).id) }),
  );

  app.get(
    '/api/subscriptions/project-topics',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: '我对某楼盘的订阅类型',
        querystring: projectTopicsQuerySchema,
        response: { 200: envelopeOf(projectSubscriptionStateSchema) },
      },
    },
    async (request) =>
      ok({
        topics: await projectTopicsOf(app.db, currentUser(request).id, request.query.projectId),
      }),
  );

  app.put(
    '/api/subscriptions/project-topics',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: '订阅楼盘：开盘、变价、新证通知（传入保留的全部类型，空数组即全部取消）',
        body: projectSubscribeBodySchema,
        response: { 200: envelopeOf(projectSubscriptionStateSchema) },
      },
    },
    async (request) =>
      ok({
        topics: await setProjectTopics(
          app.db,
          currentUser(request).id,
          request.body.projectId,
          request.body.topics,
        ),
      }),
  );

  app.post(
    '/api/subscriptions/searches',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: '订阅当前搜索条件（新房或二手房）',
        body: searchSubscribeBodySchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok({
        id: await saveSearch(
          app.db,
          currentUser(request).id,
          request.body.scope,
          request.body.query,
        ),
      }),
  );

  app.delete(
    '/api/subscriptions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: '取消订阅',
        params: subscriptionIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await cancelSubscription(app.db, currentUser(request).id, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/subscriptions/unsubscribe',
    {
      schema: {
        tags: ['subscriptions'],
        summary: '短信退订链接（无需登录）',
        querystring: unsubscribeTokenQuerySchema,
        response: { 200: envelopeOf(unsubscribeResultSchema) },
      },
    },
    async (request) => {
      const id = readUnsubscribeToken(options.tokenKey, request.query.t);
      if (id === null) throw new AppError('VALIDATION_FAILED', '退订链接无效');
      return ok(await unsubscribeById(app.db, id));
    },
  );
};
