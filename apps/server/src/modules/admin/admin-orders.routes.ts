import {
  adminIdParamSchema,
  adminNetsignSchema,
  adminOrderFileQuerySchema,
  adminOrderQuerySchema,
  adminOrderRowSchema,
} from '@portal/shared/schemas/admin';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import {
  attachOrderFile,
  getAdminOrder,
  recordNetsign,
  searchOrders,
} from './admin-orders.service';
import { saveOperatorUpload } from './admin-uploads';
import type { AdminRoutesOptions } from './admin.routes';

/** Orders: search, detail, 网签 (with the automatic deposit refund), invoice and receipt files. */
export const adminOrdersRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: '订单查询（订单号、购房人、手机号、房源）',
        querystring: adminOrderQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminOrderRowSchema)) },
      },
    },
    async (request) => ok(await searchOrders(app.db, request.query)),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '订单详情',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(adminOrderRowSchema) },
      },
    },
    async (request) => ok(await getAdminOrder(app.db, request.params.id)),
  );

  app.post(
    '/api/admin/orders/:id/netsign',
    {
      schema: {
        tags: ['admin'],
        summary: '登记网签备案（随后自动退还订约金）',
        params: adminIdParamSchema,
        body: adminNetsignSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await recordNetsign(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body,
        options,
      );
      return ok(null, '网签已登记，订约金已自动退还');
    },
  );

  app.post(
    '/api/admin/orders/:id/files',
    {
      schema: {
        tags: ['admin'],
        summary: '上传发票或收据（multipart 字段 file；kind=invoice|receipt）',
        consumes: ['multipart/form-data'],
        params: adminIdParamSchema,
        querystring: adminOrderFileQuerySchema,
        response: { 200: envelopeOf(z.object({ path: z.string(), url: z.string() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await getAdminOrder(app.db, id);
      const saved = await saveOperatorUpload(
        request,
        options.uploadsDir,
        `order/${id}`,
        'document',
      );
      await attachOrderFile(app.db, currentUser(request).id, id, request.query.kind, saved.path);
      return ok({ path: saved.path, url: saved.url }, '上传成功');
    },
  );
};
