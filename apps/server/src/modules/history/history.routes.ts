import { envelopeOf } from '@portal/shared/schemas/common';
import { historyListSchema, historyRecordSchema } from '@portal/shared/schemas/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { listHistory } from './history.queries';
import { clearHistory, recordView } from './history.service';

/**
 * Browsing history (浏览记录) of the signed-in caller: the detail pages record a view with a
 * POST; the personal centre lists and clears it. Every route acts on the caller's own rows only.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/history',
    {
      preHandler: requireUser,
      schema: {
        tags: ['history'],
        summary: '记录一次楼盘或房源浏览',
        body: historyRecordSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await recordView(app.db, currentUser(request).id, request.body);
      return ok(null);
    },
  );

  app.get(
    '/api/history',
    {
      preHandler: requireUser,
      schema: {
        tags: ['history'],
        summary: '我的浏览记录（最近 50 条）',
        response: { 200: envelopeOf(historyListSchema) },
      },
    },
    async (request) => ok({ list: await listHistory(app.db, currentUser(request).id) }),
  );

  app.delete(
    '/api/history',
    {
      preHandler: requireUser,
      schema: {
        tags: ['history'],
        summary: '清空我的浏览记录',
        response: { 200: envelopeOf(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => {
      const removed = await clearHistory(app.db, currentUser(request).id);
      return ok({ removed }, '浏览记录已清空');
    },
  );
};
