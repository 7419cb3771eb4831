import { phoneCodeSchema, resetPasswordSchema } from '@portal/shared/schemas/auth';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { changePassword, changePhone, verifyOldPhone } from './account.service';

const nullEnvelope = { 200: envelopeOf(z.null()) };

/** Signed-in security actions: 修改密码 and the two steps of 修改手机号 (docs/product/accounts.md). */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/password',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: '修改密码（其他会话全部失效）',
        body: resetPasswordSchema,
        response: nullEnvelope,
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await changePassword(app.db, { id: caller.id, sessionId: caller.sessionId }, request.body);
      return ok(null, '密码修改成功');
    },
  );

  app.post(
    '/api/auth/phone/verify-old',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: '修改手机号第一步：验证原手机号',
        body: phoneCodeSchema,
        response: nullEnvelope,
      },
    },
    async (request) => {
      await verifyOldPhone(app.db, currentUser(request).id, request.body);
      return ok(null, '原手机号验证成功');
    },
  );

  app.post(
    '/api/auth/phone/change',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: '修改手机号第二步：绑定新手机号',
        body: phoneCodeSchema,
        response: nullEnvelope,
      },
    },
    async (request) => {
      await changePhone(app.db, currentUser(request).id, request.body);
      return ok(null, '手机号修改成功');
    },
  );
};
