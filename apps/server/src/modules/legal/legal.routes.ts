import { envelopeOf } from '@portal/shared/schemas/common';
import {
  legalAcceptSchema,
  legalDocumentSchema,
  legalKindSchema,
  legalPublishSchema,
  legalStatusSchema,
  legalVersionSchema,
} from '@portal/shared/schemas/legal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { recordAudit } from '../admin/audit';
import {
  acceptCurrent,
  currentLegalDocument,
  type LegalDocumentRow,
  legalStatusOf,
  legalVersions,
  publishLegalVersion,
} from './legal.service';

const kindParams = z.object({ kind: legalKindSchema });

function toDocument(row: LegalDocumentRow) {
  return {
    kind: legalKindSchema.parse(row.kind),
    version: row.version,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/**
 * The user service agreement and the privacy policy: one versioned source for the sign-in dialog,
 * registration, /agreement and /privacy; acceptances; the console's versions (docs/product/accounts.md).
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal/:kind',
    {
      schema: {
        tags: ['legal'],
        summary: '现行的用户服务协议或个人信息保护政策（kind 为 agreement 或 privacy）',
        params: kindParams,
        response: { 200: envelopeOf(legalDocumentSchema) },
      },
    },
    async (request) => ok(toDocument(await currentLegalDocument(app.db, request.params.kind))),
  );

  app.get(
    '/api/legal/me/status',
    {
      preHandler: requireUser,
      schema: {
        tags: ['legal'],
        summary: '本人对现行协议和个人信息保护政策的同意情况',
        response: { 200: envelopeOf(legalStatusSchema) },
      },
    },
    async (request) => ok(await legalStatusOf(app.db, currentUser(request).id)),
  );

  app.post(
    '/api/legal/me/acceptances',
    {
      preHandler: requireUser,
      schema: {
        tags: ['legal'],
        summary: '同意现行版本（记录版本和时间；个人信息保护政策即单独同意）',
        body: legalAcceptSchema,
        response: { 200: envelopeOf(legalStatusSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await acceptCurrent(app.db, userId, request.body.kind, request.body.version);
      return ok(await legalStatusOf(app.db, userId), '已同意');
    },
  );

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
      const row = await publishLegalVersion(app.db, request.params.kind, request.body, operatorId);
      await recordAudit(app.db, {
        actorId: operatorId,
        action: 'legal.publish',
        targetType: 'legal',
        targetId: row.id,
        after: { kind: row.kind, version: row.version, title: row.title },
      });
      return ok(toDocument(row), `已发布第${row.version}版`);
    },
  );
};
