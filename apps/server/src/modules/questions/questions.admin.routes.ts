import { envelopeOf } from '@portal/shared/schemas/common';
import { questionIdParamSchema, reportedQuestionSchema } from '@portal/shared/schemas/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { listReportedQuestions } from './questions.queries';
import { hideQuestion } from './questions.service';

/** Moderation of 问答: the reported queue and hiding (docs/product/questions.md). */
export const questionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/questions/reported',
    {
      schema: {
        tags: ['admin'],
        summary: '被举报的问答（仍在显示的）',
        response: { 200: envelopeOf(z.array(reportedQuestionSchema)) },
      },
    },
    async () => ok(await listReportedQuestions(app.db)),
  );

  app.post(
    '/api/admin/questions/:id/hide',
    {
      schema: {
        tags: ['admin'],
        summary: '隐藏问答（连同回答）',
        params: questionIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await hideQuestion(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已隐藏');
    },
  );
};
