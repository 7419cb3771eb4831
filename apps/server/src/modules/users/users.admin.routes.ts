import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import {
  adminRealnameSchema,
  adminUserQuerySchema,
  adminUserRowSchema,
} from '@portal/shared/schemas/users/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { searchUsers } from './users.admin.queries';
import { markRealname, revokeRealname, setUserDisabled } from './users.admin.service';

const done = { 200: envelopeOf(z.null()) };

/** Citizen accounts in the operator console: search, real-name mark and revoke, disable and enable. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: '用户查询',
        querystring: adminUserQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminUserRowSchema)) },
      },
    },
    async (request) => ok(await searchUsers(app.db, request.query)),
  );

  app.post(
    '/api/admin/users/:id/realname',
    {
      schema: {
        tags: ['admin'],
        summary: '标记实名认证',
        params: adminIdParamSchema,
        body: adminRealnameSchema,
        response: done,
      },
    },
    async (request) => {
      await markRealname(app.db, currentUser(request).id, request.params.id, request.body);
      return ok(null, '已标记实名认证');
    },
  );

  app.post(
    '/api/admin/users/:id/realname/revoke',
    {
      schema: {
        tags: ['admin'],
        summary: '撤销实名认证',
        params: adminIdParamSchema,
        response: done,
      },
    },
    async (request) => {
      await revokeRealname(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已撤销实名认证');
    },
  );

  for (const [verb, disabled, message] of [
    ['disable', true, '账号已停用'],
    ['enable', false, '账号已启用'],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${verb}`,
      {
        schema: {
          tags: ['admin'],
          summary: disabled ? '停用账号（立即结束其全部登录）' : '启用账号',
          params: adminIdParamSchema,
          response: done,
        },
      },
      async (request) => {
        await setUserDisabled(app.db, currentUser(request).id, request.params.id, disabled);
        return ok(null, message);
      },
    );
  }
};
