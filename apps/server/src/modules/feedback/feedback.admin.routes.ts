import {
  adminFeedbackQuerySchema,
  adminFeedbackReplySchema,
  adminFeedbackRowSchema,
  adminIdParamSchema,
  adminReasonSchema,
} from '@portal/shared/schemas/admin';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import {
  auditedConfirmRefund,
  auditedRejectRefund,
  auditedReplyToFeedback,
  listFeedbackQueue,
} from './admin-review.service';
import type { AdminRoutesOptions } from './admin.routes';

const done = { 200: envelopeOf(z.null()) };

/**
 * The console's decisions on other modules' queues, each audited in the action's transaction:
 * feedback replies, and refund confirmation or rejection. (Listing review, take-down and
 * reports are the listings module's own admin routes.)
 */
export const adminReviewRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  options,
) => {
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

  app.post(
    '/api/admin/orders/:id/refund/confirm',
    {
      schema: {
        tags: ['admin'],
        summary: '确认退款（订约金原路退还）',
        params: adminIdParamSchema,
        response: done,
      },
    },
    async (request) => {
      await auditedConfirmRefund(app.db, currentUser(request).id, request.params.id, options);
      return ok(null, '退款已确认，订约金已原路退还');
    },
  );

  app.post(
    '/api/admin/orders/:id/refund/reject',
    {
      schema: {
        tags: ['admin'],
        summary: '驳回退款申请（原因发给购房人）',
        params: adminIdParamSchema,
        body: adminReasonSchema,
        response: done,
      },
    },
    async (request) => {
      const { id } = request.params;
      await auditedRejectRefund(app.db, currentUser(request).id, id, request.body.reason);
      return ok(null, '已驳回退款申请');
    },
  );
};
