import {
  adminDashboardSchema,
  adminSessionSchema,
  adminUploadSchema,
} from '@portal/shared/schemas/admin';
import { auditEntrySchema, auditQuerySchema } from '@portal/shared/schemas/audit/admin';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { saveOperatorUpload } from './admin-uploads';
import { listAudit } from './audit.queries';
import { getDashboard } from './dashboard.queries';
import { findOperatorProfile } from './operator.queries';

const uploadQuerySchema = z.object({ kind: z.enum(['image', 'document']).default('image') });

/**
 * The console's own routes, about the operators themselves: who is signed in, the dashboard,
 * the audit log and the shared upload of covers and attachments. Each domain's operator routes
 * live in its own module (`<domain>.admin.routes.ts`) and are mounted with these, under the one
 * guard, by `src/operator-api.ts` (docs/decisions/0046-module-boundaries.md).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/session',
    {
      schema: {
        tags: ['admin'],
        summary: '当前运营人员（进入后台前的权限检查）',
        response: { 200: envelopeOf(adminSessionSchema) },
      },
    },
    async (request) => ok(await findOperatorProfile(app.db, currentUser(request).id)),
  );

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: '运营仪表盘：今日订单、待审核房源、待回复反馈、新用户',
        response: { 200: envelopeOf(adminDashboardSchema) },
      },
    },
    async () => ok(await getDashboard(app.db)),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: '操作日志（按操作人、操作、对象、时间筛选）',
        querystring: auditQuerySchema,
        response: { 200: envelopeOf(pagedOf(auditEntrySchema)) },
      },
    },
    async (request) => ok(await listAudit(app.db, request.query)),
  );

  app.post(
    '/api/admin/uploads',
    {
      schema: {
        tags: ['admin'],
        summary: '上传封面图片或附件（multipart 字段 file；kind=image|document）',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 200: envelopeOf(adminUploadSchema) },
      },
    },
    async (request) => {
      const folder = `admin/${request.query.kind === 'image' ? 'images' : 'files'}`;
      const saved = await saveOperatorUpload(request, app.storage, folder, request.query.kind);
      return ok(saved, '上传成功');
    },
  );
};
