import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import {
  adminFeedbackQuerySchema,
  adminFeedbackReplySchema,
  adminFeedbackRowSchema,
} from '@portal/shared/schemas/feedback/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { listFeedbackQueue } from './feedback.admin.queries';
import { auditedReplyToFeedback } from './feedback.admin.service';

const done = { 200: envelopeOf(z.null()) };

/** The feedback queue in the operator console and the audited reply. */
export const feedbackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/feedback',
    {
      schema: {
        tags: ['admin'],
        summary: '反馈队列（待处理 / 已回复）',
        querystring: adminFeedbackQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminFeedbackRowSchema)) },
      },
    },
    async (request) => ok(await listFeedbackQueue(app.db, request.query)),
  );

  app.post(
    '/api/admin/feedback/:id/reply',
    {
      schema: {
        tags: ['admin'],
        summary: '回复反馈（富文本，服务端净化）',
        params: adminIdParamSchema,
        body: adminFeedbackReplySchema,
        response: done,
      },
    },
    async (request) => {
      const { id } = request.params;
      await auditedReplyToFeedback(app.db, currentUser(request).id, id, request.body.html);
      return ok(null, '回复成功');
    },
  );
};
