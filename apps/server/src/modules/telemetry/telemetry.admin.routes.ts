import { envelopeOf } from '@portal/shared/schemas/common';
import {
  webVitalsSummaryQuerySchema,
  webVitalsSummarySchema,
} from '@portal/shared/schemas/telemetry/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { webVitalsSummary } from './web-vitals.admin.queries';

/** Real visits' figures in the operator console (behind the `/api/admin/` guard). */
export const telemetryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/web-vitals',
    {
      schema: {
        tags: ['admin'],
        summary: '真实访问体验：近 7 天各页面类型的 LCP、INP、CLS（第 75 百分位）',
        querystring: webVitalsSummaryQuerySchema,
        response: { 200: envelopeOf(webVitalsSummarySchema) },
      },
    },
    async (request) => ok(await webVitalsSummary(app.db, new Date(), request.query.device)),
  );
};
