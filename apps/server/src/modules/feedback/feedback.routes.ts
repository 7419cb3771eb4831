import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  feedbackCaptchaSchema,
  feedbackCreateSchema,
  feedbackDetailSchema,
  feedbackIdParamsSchema,
  feedbackListQuerySchema,
  feedbackRowSchema,
} from '@portal/shared/schemas/feedback';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { listOwnFeedback } from './feedback.queries';
import { createFeedback, getOwnFeedback, issueCaptcha } from './feedback.service';

export interface FeedbackRoutesOptions {
  /** With the simulators on, `/api/dev/captcha/:id` tells tests the digits of a picture code. */
  simulators: boolean;
}

/**
 * Questions per signed-in citizen (by address before sign-in): ten a minute, as before. With no
 * picture code asked of a signed-in citizen, this limit is what keeps a script from flooding.
 */
const feedbackRateLimit = {
  rateLimit: {
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `feedback-user-${request.user.id}` : request.ip,
  },
};

/** How many issued codes the simulator remembers for `/api/dev/captcha/:id`. */
const DEV_CAPTCHA_MEMORY = 200;

/** The interaction page (/feedbackpage) and the caller's own feedback (/feedback, /feedbackDetails). */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (
  app,
  options,
) => {
  const devCodes = new Map<string, string>();

  app.get(
    '/api/feedback/captcha',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['feedback'],
        summary: '互动页 5 位图片验证码（单次有效）',
        response: { 200: envelopeOf(feedbackCaptchaSchema) },
      },
    },
    async (_request, reply) => {
      const { captchaId, image, code } = await issueCaptcha(app.db);
      if (options.simulators) {
        devCodes.set(captchaId, code);
        const oldest = devCodes.keys().next().value;
        if (devCodes.size > DEV_CAPTCHA_MEMORY && oldest !== undefined) devCodes.delete(oldest);
      }
      reply.header('cache-control', 'no-store');
      return ok({ captchaId, image });
    },
  );

  app.post(
    '/api/feedback',
    {
      preHandler: requireUser,
      config: feedbackRateLimit,
      schema: {
        tags: ['feedback'],
        summary:
          '提交互动留言（需登录；姓名与手机号缺省取自账号；已登录无需图片验证码，限频；内容净化）',
        body: feedbackCreateSchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await createFeedback(app.db, currentUser(request).id, request.body), '提交成功！'),
  );

  app.get(
    '/api/feedback',
    {
      preHandler: requireUser,
      schema: {
        tags: ['feedback'],
        summary: '我的反馈（本人，每页 10 条）',
        querystring: feedbackListQuerySchema,
        response: { 200: envelopeOf(pagedOf(feedbackRowSchema)) },
      },
    },
    async (request) => ok(await listOwnFeedback(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/feedback/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['feedback'],
        summary: '反馈详情（我要提问与受理回复）',
        params: feedbackIdParamsSchema,
        response: { 200: envelopeOf(feedbackDetailSchema) },
      },
    },
    async (request) => ok(await getOwnFeedback(app.db, currentUser(request).id, request.params.id)),
  );

  if (!options.simulators) return;
  app.get(
    '/api/dev/captcha/:id',
    {
      schema: {
        tags: ['simulators'],
        summary: '模拟：互动页图片验证码的数字（供自动化测试）',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(z.object({ code: z.string() })) },
      },
    },
    async (request) => {
      const code = devCodes.get(request.params.id);
      if (!code) throw new AppError('NOT_FOUND', '验证码不存在');
      return ok({ code });
    },
  );
};
