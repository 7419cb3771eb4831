import { envelopeOf } from '@portal/shared/schemas/common';
import {
  priceHistoryParamsSchema,
  priceHistorySchema,
  type PriceSubjectKind,
} from '@portal/shared/schemas/price-history';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { createAppReadCache, type ReadCache } from '../../lib/read-cache';
import { selectPriceHistory } from './price-history.queries';

const ROUTES: Array<{ path: string; kind: PriceSubjectKind; summary: string }> = [
  { path: 'projects', kind: 'project', summary: '楼盘平台价（均价）调价记录' },
  { path: 'rooms', kind: 'room', summary: '房间单价调价记录' },
  { path: 'listings', kind: 'listing', summary: '二手房源价格调价记录（已发布的房源）' },
];

/**
 * Public price histories (docs/product/new-build.md, docs/product/listings.md), cached like the
 * other public reads and emptied by `invalidateProjectReads()`, which every price writer calls.
 */
const priceHistoryRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (app, { cache }) => {
  for (const route of ROUTES) {
    app.get(
      `/api/price-history/${route.path}/:id`,
      {
        schema: {
          tags: ['priceHistory'],
          summary: route.summary,
          params: priceHistoryParamsSchema,
          response: { 200: envelopeOf(priceHistorySchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        return ok(
          await cache.get(`price-history:${route.kind}|${id}`, () =>
            selectPriceHistory(app.readDb, route.kind, id),
          ),
        );
      },
    );
  }
};

/** The price-history module with its own read cache. */
export const priceHistoryModule: FastifyPluginAsync = async (app) => {
  const cache = createAppReadCache(app);
  await app.register(priceHistoryRoutes, { cache });
};
