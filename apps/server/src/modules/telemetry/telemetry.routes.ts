import { envelopeOf } from '@portal/shared/schemas/common';
import { clientErrorSchema } from '@portal/shared/schemas/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

/**
 * `POST /api/telemetry/client-errors`: failed chunk loads and runtime errors from browsers,
 * written to the structured log (never stored with personal data).
 */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/telemetry/client-errors',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['telemetry'],
        summary: '前端错误上报',
        body: clientErrorSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      request.log.warn({ clientError: request.body }, 'client error reported');
      return ok(null, '已记录');
    },
  );
};
