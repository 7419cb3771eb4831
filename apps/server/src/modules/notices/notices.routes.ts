import { envelopeOf } from '@portal/shared/schemas/common';
import {
  noticeIdParamSchema,
  noticeListQuerySchema,
  noticePageSchema,
  noticeUnreadSchema,
} from '@portal/shared/schemas/notices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { listNotices, unreadNoticeCount } from './notices.queries';
import { markAllNoticesRead, markNoticeRead } from './notices.service';

/** My notices (/myNotice): the caller's own list, unread count and read marks. */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notices',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notices'],
        summary: '我的消息（新到旧，每页10条）',
        querystring: noticeListQuerySchema,
        response: { 200: envelopeOf(noticePageSchema) },
      },
    },
    async (request) => ok(await listNotices(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/notices/unread-count',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notices'],
        summary: '未读消息数',
        response: { 200: envelopeOf(noticeUnreadSchema) },
      },
    },
    async (request) => ok({ count: await unreadNoticeCount(app.db, currentUser(request).id) }),
  );

  app.post(
    '/api/notices/:id/read',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notices'],
        summary: '标记消息已读',
        params: noticeIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await markNoticeRead(app.db, currentUser(request).id, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/notices/read-all',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notices'],
        summary: '全部标记已读',
        response: { 200: envelopeOf(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => ok({ count: await markAllNoticesRead(app.db, currentUser(request).id) }),
  );
};
