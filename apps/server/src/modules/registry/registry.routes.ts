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
import { BuyerQueryLimiter, queryBuyerContract, queryBuyerFunds } from './buyer-query.service';
import { listLicences, listSupervisionAccounts } from './registry.queries';

/** A generous ceiling on all buyer queries of one client; wrong attempts have their own limit. */
const buyerRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Public registry queries of spec 3 §2.5: licences, supervision accounts and buyer records. */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new BuyerQueryLimiter();

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
    async (request) => ok(await listLicences(app.db, request.query)),
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
    async (request) => ok(await listSupervisionAccounts(app.db, request.query)),
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
