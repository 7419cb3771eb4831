import { API_CODES } from '@portal/shared/codes';
import { envelopeOf, errorEnvelopeSchema } from '@portal/shared/schemas/common';
import { healthSchema } from '@portal/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { redisState } from '../../lib/redis-state';
import { countCityRecords } from './health.queries';

/**
 * `GET /api/health` (docs/architecture.md): 200 with the seeded city's counts while the databases
 * answer; 503 when the primary or the configured read replica does not (the instance cannot
 * serve its pages). Redis is reported but never fails the check: without it an instance keeps
 * serving with per-instance rate limits, and failing every instance at once would take the
 * whole site down for an optional service (docs/operations.md).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const unavailable = API_CODES.SERVICE_UNAVAILABLE;
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: '健康检查：数据库、只读副本与 Redis 状态，数据量',
        response: { 200: envelopeOf(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const redis = redisState(app.redis);
      let counts;
      try {
        counts = await countCityRecords(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ code: unavailable.code, message: '数据库不可用', data: null });
      }
      if (app.readDatabase) {
        try {
          await app.readDatabase.ping();
        } catch (error) {
          request.log.error({ err: error }, 'health check: read replica unreachable');
          const message = '只读数据库不可用';
          return reply.status(503).send({ code: unavailable.code, message, data: null });
        }
      }
      return ok({
        db: 'ok' as const,
        readReplica: app.readDatabase ? ('ok' as const) : ('off' as const),
        redis: await redis,
        counts,
      });
    },
  );
};
