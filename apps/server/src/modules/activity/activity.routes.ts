import { activityFiguresSchema, activityTargetSchema } from '@portal/shared/schemas/activity';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { readActivityFigures } from './activity.queries';
import { countView } from './activity.service';
import { visitorOf } from './visitor';

/**
 * Activity figures of projects and listings (docs/product/activity-figures.md). A listing's
 * detail read counts its view itself; a project page, whose answer is kept for everyone, reports
 * its view here.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity',
    {
      schema: {
        tags: ['activity'],
        summary: '楼盘或房源的关注数据：在售天数、近30天浏览人次、关注人数、房聊会话数',
        querystring: activityTargetSchema,
        response: { 200: envelopeOf(activityFiguresSchema) },
      },
    },
    async (request) => ok(await readActivityFigures(app.db, request.query)),
  );

  app.post(
    '/api/activity/view',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['activity'],
        summary: '记录一次楼盘浏览（每位访客每天计一次，爬虫不计）',
        body: activityTargetSchema.extend({ targetType: z.literal('project') }),
        response: { 200: envelopeOf(z.object({ counted: z.boolean() })) },
      },
    },
    async (request) => {
      await readActivityFigures(app.db, request.body);
      return ok({ counted: await countView(app.db, request.body, visitorOf(request)) });
    },
  );
};
