import { API_CODES } from '@portal/shared/codes';
import { envelopeOf, errorEnvelopeSchema } from '@portal/shared/schemas/common';
import { healthSchema } from '@portal/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { countCityRecords } from './health.queries';

/** `GET /api/health`: the database answers and the seeded city's counts (ARCHITECTURE §10). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: '健康检查：数据库状态与数据量',
        response: { 200: envelopeOf(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      try {
        const counts = await countCityRecords(app.db);
        return ok({ db: 'ok' as const, counts });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        const entry = API_CODES.SERVICE_UNAVAILABLE;
        return reply.status(503).send({ code: entry.code, message: '数据库不可用', data: null });
      }
    },
  );
};
