import { chatIdParamsSchema, chatReportBodySchema } from '@portal/shared/schemas/chat';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { blockPeer, reportConversation, unblockPeer } from './chat-safety.service';

const done = { 200: envelopeOf(z.null()) };

/** A participant's protection in 房聊: block the other side, or report the conversation. */
export const chatSafetyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/chat/conversations/:id/block',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '屏蔽对方（双方都不能再发送消息，直到解除）',
        params: chatIdParamsSchema,
        response: done,
      },
    },
    async (request) => {
      await blockPeer(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已屏蔽对方');
    },
  );

  app.delete(
    '/api/chat/conversations/:id/block',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        summary: '解除屏蔽',
        params: chatIdParamsSchema,
        response: done,
      },
    },
    async (request) => {
      await unblockPeer(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已解除屏蔽');
    },
  );

  app.post(
    '/api/chat/conversations/:id/reports',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['chat'],
        summary: '向平台举报该会话（骚扰辱骂、诈骗或索要钱财、广告推销、其他）',
        params: chatIdParamsSchema,
        body: chatReportBodySchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await reportConversation(app.db, currentUser(request).id, request.params.id, request.body),
        '举报已提交，平台处理后会通知您',
      ),
  );
};
