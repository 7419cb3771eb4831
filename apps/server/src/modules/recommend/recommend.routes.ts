import { envelopeOf } from '@portal/shared/schemas/common';
import {
  recommendationPageSchema,
  recommendDemandSchema,
  recommendQuerySchema,
} from '@portal/shared/schemas/recommend';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { getDemand, listRecommendations, saveDemand } from './recommend.service';

/** 推荐楼盘: the caller's demand and the projects computed from it. */
export const recommendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/recommend/projects',
    {
      preHandler: requireUser,
      schema: {
        tags: ['recommend'],
        summary: '我的推荐楼盘（符合购房需求的楼盘，最接近的在前，每页 12 个）',
        querystring: recommendQuerySchema,
        response: {
          200: envelopeOf(recommendationPageSchema),
        },
      },
    },
    async (request) =>
      ok(await listRecommendations(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/recommend/demand',
    {
      preHandler: requireUser,
      schema: {
        tags: ['recommend'],
        summary: '我的购房需求（未填写时为示例需求）',
        response: { 200: envelopeOf(recommendDemandSchema) },
      },
    },
    async (request) => ok(await getDemand(app.db, currentUser(request).id)),
  );

  app.put(
    '/api/recommend/demand',
    {
      preHandler: requireUser,
      schema: {
        tags: ['recommend'],
        summary: '保存购房需求',
        body: recommendDemandSchema,
        response: { 200: envelopeOf(recommendDemandSchema) },
      },
    },
    async (request) =>
      ok(await saveDemand(app.db, currentUser(request).id, request.body), '保存成功'),
  );
};
