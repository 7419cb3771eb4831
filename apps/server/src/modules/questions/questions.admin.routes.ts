import { envelopeOf } from '@portal/shared/schemas/common';
import { questionIdParamSchema } from '@portal/shared/schemas/questions';
import {
  hiddenQuestionSchema,
  questionModerationSchema,
  reportedQuestionSchema,
} from '@portal/shared/schemas/questions/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { listHiddenQuestions, listReportedQuestions } from './questions.queries';
import { hideQuestion, restoreQuestion } from './questions.service';

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

  app.get(
    '/api/admin/questions/hidden',
    {
      schema: {
        tags: ['admin'],
        summary: '已隐藏的问答（含隐藏原因）',
        response: { 200: envelopeOf(z.array(hiddenQuestionSchema)) },
      },
    },
    async () => ok(await listHiddenQuestions(app.db)),
  );

  app.post(
    '/api/admin/questions/:id/hide',
    {
      schema: {
        tags: ['admin'],
        summary: '隐藏问答（连同回答），填写原因，记入操作日志',
        params: questionIdParamSchema,
        body: questionModerationSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await hideQuestion(app.db, currentUser(request).id, request.params.id, request.body.reason);
      return ok(null, '已隐藏');
    },
  );

  app.post(
    '/api/admin/questions/:id/restore',
    {
      schema: {
        tags: ['admin'],
        summary: '恢复显示被隐藏的问答，填写原因，记入操作日志',
        params: questionIdParamSchema,
        body: questionModerationSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await restoreQuestion(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.reason,
      );
      return ok(null, '已恢复显示');
    },
  );
};
