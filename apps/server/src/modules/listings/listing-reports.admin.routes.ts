import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema } from '@portal/shared/schemas/common/admin';
import {
  adminReportDecisionSchema,
  adminReportGroupSchema,
  adminReportQueueQuerySchema,
  adminReportSchema,
} from '@portal/shared/schemas/listings/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import type { ListingStorage } from './listing-files';
import { decideReports } from './report-decisions.service';
import { listListingReports, listReportQueue } from './report-queue.queries';

const DECISION_MESSAGE = {
  dismiss: '已处理：举报不成立',
  correct: '已要求房东整改',
  takeDown: '房源已下架',
} as const;

/** The operator's report queue: listings with open reports, their reports, one decision each. */
export const listingReportsAdminRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  app.get(
    '/api/admin/listing-reports',
    {
      schema: {
        tags: ['admin'],
        summary: '举报队列（按房源汇总，举报多的在前）',
        querystring: adminReportQueueQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminReportGroupSchema)) },
      },
    },
    async (request) => ok(await listReportQueue(app.db, request.query)),
  );

  app.get(
    '/api/admin/listing-reports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '某房源的举报：待处理的在前，已处理的为历史（举报图片为短时签名链接）',
        params: adminIdParamSchema,
        response: { 200: envelopeOf(z.array(adminReportSchema)) },
      },
    },
    async (request) => ok(await listListingReports(app.db, options.storage, request.params.id)),
  );

  app.post(
    '/api/admin/listing-reports/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary: '处理某房源的全部待处理举报：不成立、要求整改或下架（通知举报人和房主）',
        params: adminIdParamSchema,
        body: adminReportDecisionSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { decision, note } = request.body;
      await decideReports(app.db, currentUser(request).id, request.params.id, decision, note);
      return ok(null, DECISION_MESSAGE[decision]);
    },
  );
};
