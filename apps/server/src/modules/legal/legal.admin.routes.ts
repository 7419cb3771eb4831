import { envelopeOf } from '@portal/shared/schemas/common';
import { legalDocumentSchema } from '@portal/shared/schemas/legal';
import { legalPublishSchema, legalVersionSchema } from '@portal/shared/schemas/legal/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { kindParams, toDocument } from './legal-document';
import { publishAuditedLegalVersion } from './legal.admin.service';
import { legalVersions } from './legal.service';

/** The agreement and privacy policy in the operator console: every version, and publishing one. */
export const legalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/legal/:kind/versions',
    {
      schema: {
        tags: ['admin'],
        summary: '协议或个人信息保护政策的全部版本（新的在前）',
        params: kindParams,
        response: { 200: envelopeOf(z.array(legalVersionSchema)) },
      },
    },
    async (request) => {
      const rows = await legalVersions(app.db, request.params.kind);
      return ok(
        rows.map((row) => ({
          ...toDocument({ ...row, id: 0, publishedBy: null }),
          publishedBy: row.publishedBy,
          acceptedCount: row.acceptedCount,
        })),
      );
    },
  );

  app.post(
    '/api/admin/legal/:kind/versions',
    {
      schema: {
        tags: ['admin'],
        summary: '发布新版本（已登录用户下次打开页面时须重新同意）',
        params: kindParams,
        body: legalPublishSchema,
        response: { 200: envelopeOf(legalDocumentSchema) },
      },
    },
    async (request) => {
      const operatorId = currentUser(request).id;
      const row = await publishAuditedLegalVersion(
        app.db,
        request.params.kind,
        request.body,
        operatorId,
      );
      return ok(toDocument(row), `已发布第${row.version}版`);
    },
  );
};
