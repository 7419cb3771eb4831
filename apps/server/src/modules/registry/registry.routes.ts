import { envelopeOf } from '@portal/shared/schemas/common';
import {
  buyerContractResultSchema,
  buyerFundsResultSchema,
  buyerQuerySchema,
  licencePageSchema,
  licenceQuerySchema,
  supervisionPageSchema,
  supervisionQuerySchema,
} from '@portal/shared/schemas/registry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { createBuyerQueryLimiter } from './buyer-query-limiter';
import { queryBuyerContract, queryBuyerFunds } from './buyer-query.service';
import { listLicences, listSupervisionAccounts } from './registry.queries';

/** How often a Redis failure of the attempt counter is logged at most, in milliseconds. */
const FALLBACK_LOG_INTERVAL_MS = 30_000;
/** A generous ceiling on all buyer queries of one client; wrong attempts have their own limit. */
const buyerRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export interface RegistryRoutesOptions {
  /** REDIS_PREFIX: the buyer-query attempts are counted under it when the app has Redis. */
  redisPrefix: string;
}

/** Public registry queries (docs/product/registry.md): licences, supervision accounts and buyer records. */
export const registryRoutes: FastifyPluginAsyncZod<RegistryRoutesOptions> = async (
  app,
  { redisPrefix },
) => {
  let lastLogged = 0;
  const limiter = createBuyerQueryLimiter({
    redis: app.redis,
    redisPrefix,
    onFallback: (error) => {
      if (Date.now() - lastLogged < FALLBACK_LOG_INTERVAL_MS) return;
      lastLogged = Date.now();
      app.log.warn({ err: error }, 'buyer queries: redis failed, counting on this instance');
    },
  });

  app.get(
    '/api/registry/licences',
    {
      schema: {
        tags: ['registry'],
        summary: '预售许可证查询',
        querystring: licenceQuerySchema,
        response: { 200: envelopeOf(licencePageSchema) },
      },
    },
    async (request) => ok(await listLicences(app.readDb, request.query)),
  );

  app.get(
    '/api/registry/supervision-accounts',
    {
      schema: {
        tags: ['registry'],
        summary: '预售资金监管账户公示',
        querystring: supervisionQuerySchema,
        response: { 200: envelopeOf(supervisionPageSchema) },
      },
    },
    async (request) => ok(await listSupervisionAccounts(app.readDb, request.query)),
  );

  app.post(
    '/api/registry/buyer-funds',
    {
      config: buyerRateLimit,
      schema: {
        tags: ['registry'],
        summary: '监管资金入账查询',
        body: buyerQuerySchema,
        response: { 200: envelopeOf(buyerFundsResultSchema) },
      },
    },
    async (request) => ok(await queryBuyerFunds(app.db, limiter, request.ip, request.body)),
  );

  app.post(
    '/api/registry/buyer-contracts',
    {
      config: buyerRateLimit,
      schema: {
        tags: ['registry'],
        summary: '商品房签约查询',
        body: buyerQuerySchema,
        response: { 200: envelopeOf(buyerContractResultSchema) },
      },
    },
    async (request) => ok(await queryBuyerContract(app.db, limiter, request.ip, request.body)),
  );
};
