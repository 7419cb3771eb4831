import { envelopeOf } from '@portal/shared/schemas/common';
import {
  favouriteProjectPageSchema,
  favouriteProjectsQuerySchema,
  groupBuySignupSchema,
  groupBuyStateSchema,
  projectIdParamsSchema,
} from '@portal/shared/schemas/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { getGroupBuyState, signUpGroupBuy } from './group-buy.service';
import { listFavouriteProjects } from './project-lists.queries';

/** Group-buy promotion and the caller's favourite projects (/myFavHouse, docs/product/new-build.md). */
export const projectPersonalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:id/group-buy',
    {
      schema: {
        tags: ['projects'],
        summary: '楼盘团购：名额与报名者',
        params: projectIdParamsSchema,
        response: { 200: envelopeOf(groupBuyStateSchema) },
      },
    },
    async (request) => ok(await getGroupBuyState(app.db, request.params.id)),
  );

  app.post(
    '/api/projects/:id/group-buy',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['projects'],
        summary: '楼盘团购报名',
        params: projectIdParamsSchema,
        body: groupBuySignupSchema,
        response: { 200: envelopeOf(groupBuyStateSchema) },
      },
    },
    async (request) =>
      ok(
        await signUpGroupBuy(app.db, request.params.id, request.user?.id ?? null, request.body),
        '提交成功！',
      ),
  );

  app.get(
    '/api/favourites/projects',
    {
      preHandler: requireUser,
      schema: {
        tags: ['favourites'],
        summary: '我收藏的楼盘（每页 10 条）',
        querystring: favouriteProjectsQuerySchema,
        response: { 200: envelopeOf(favouriteProjectPageSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { pageNum, pageSize } = request.query;
      return ok(await listFavouriteProjects(app.db, user.id, pageNum, pageSize));
    },
  );
};
