import { envelopeOf } from '@portal/shared/schemas/common';
import {
  legalAcceptSchema,
  legalDocumentSchema,
  legalStatusSchema,
} from '@portal/shared/schemas/legal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { kindParams, toDocument } from './legal-document';
import { acceptCurrent, currentLegalDocument, legalStatusOf } from './legal.service';

/**
 * The user service agreement and the privacy policy: one versioned source for the sign-in dialog,
 * registration, /agreement and /privacy; acceptances (docs/product/accounts.md). The console's
 * versions are `legal.admin.routes.ts`.
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
};
