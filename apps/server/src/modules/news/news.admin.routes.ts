import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import {
  adminNewsDetailSchema,
  adminNewsQuerySchema,
  adminNewsRowSchema,
  adminNewsSaveSchema,
} from '@portal/shared/schemas/news/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { getAdminNews, listAdminNews } from './news.admin.queries';
import { saveAdminNews, setNewsPublished } from './news.admin.service';

/** News and policy articles in the operator console: list, read, create, edit, publish, withdraw. */
export const newsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/news',
    {
      schema: {
        tags: ['admin'],
        summary: '资讯列表（全部状态）',
        querystring: adminNewsQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminNewsRowSchema)) },
      },
    },
    async (request) => ok(await listAdminNews(app.db, request.query)),
  );

  app.get(
    '/api/admin/news/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '资讯详情',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(adminNewsDetailSchema) },
      },
    },
    async (request) => ok(await getAdminNews(app.db, request.params.id)),
  );

  app.post(
    '/api/admin/news',
    {
      schema: {
        tags: ['admin'],
        summary: '新建资讯（草稿或直接发布）',
        body: adminNewsSaveSchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const id = await saveAdminNews(app.db, app.storage, currentUser(request).id, request.body);
      return ok({ id }, request.body.publish ? '发布成功' : '保存成功');
    },
  );

  app.put(
    '/api/admin/news/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '编辑资讯',
        params: adminIdParamSchema,
        body: adminNewsSaveSchema,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const id = await saveAdminNews(
        app.db,
        app.storage,
        currentUser(request).id,
        request.body,
        request.params.id,
      );
      return ok({ id }, request.body.publish ? '发布成功' : '保存成功');
    },
  );

  for (const [verb, publish, message] of [
    ['publish', true, '发布成功'],
    ['withdraw', false, '已撤回'],
  ] as const) {
    app.post(
      `/api/admin/news/:id/${verb}`,
      {
        schema: {
          tags: ['admin'],
          summary: publish ? '发布资讯' : '撤回资讯',
          params: adminIdParamSchema,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        await setNewsPublished(app.db, currentUser(request).id, request.params.id, publish);
        return ok(null, message);
      },
    );
  }
};
