import { envelopeOf } from '@portal/shared/schemas/common';
import {
  questionAnswerSchema,
  questionAskSchema,
  questionIdParamSchema,
  questionListSchema,
  questionTargetQuerySchema,
} from '@portal/shared/schemas/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { listQuestions } from './questions.queries';
import { answerQuestion, askQuestion, reportQuestion } from './questions.service';

const TAGS = ['questions'];
const done = { 200: envelopeOf(z.null()) };

/** 问答 on project and listing pages (docs/product/questions.md). */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/questions',
    {
      schema: {
        tags: TAGS,
        summary: '楼盘或房源的问答列表（含当前用户能否回答）',
        querystring: questionTargetQuerySchema,
        response: { 200: envelopeOf(questionListSchema) },
      },
    },
    async (request) => ok(await listQuestions(app.db, request.query, request.user ?? null)),
  );

  app.post(
    '/api/questions',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: '提问（需登录）',
        body: questionAskSchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await askQuestion(app.db, currentUser(request), request.body), '提问成功'),
  );

  app.post(
    '/api/questions/:id/answer',
    {
      preHandler: requireUser,
      schema: {
        tags: TAGS,
        summary: '回答问题（房源业主；楼盘由平台代开发企业回答）',
        params: questionIdParamSchema,
        body: questionAnswerSchema,
        response: done,
      },
    },
    async (request) => {
      await answerQuestion(app.db, currentUser(request), request.params.id, request.body.answer);
      return ok(null, '回答成功');
    },
  );

  app.post(
    '/api/questions/report',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: '举报问答内容（任何登录用户）',
        body: questionIdParamSchema,
        response: done,
      },
    },
    async (request) => {
      await reportQuestion(app.db, request.body.id);
      return ok(null, '举报已提交，平台将尽快处理');
    },
  );
};
