import {
  analyticsCountersSchema,
  analyticsDistrictQuerySchema,
  barDataSchema,
  dealInfoSchema,
  listingPriceTrendSchema,
  newListingSchema,
  pieDataSchema,
  questionnairePageSchema,
  questionnaireQuerySchema,
} from '@portal/shared/schemas/analytics';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { yieldTo } from '../../lib/foreground-gate';
import { sendJsonBytes } from '../../lib/json-bytes';
import { createAppReadCache, type ReadCache } from '../../lib/read-cache';
import {
  selectCounters,
  selectDealInfo,
  selectIntentBar,
  selectNewListings,
  selectPies,
  selectQuestionnaires,
} from './analytics.queries';
import { selectListingPriceTrend } from './listing-prices.queries';

const TAGS = ['analytics'];

const newListingsAnswer = envelopeOf(z.array(newListingSchema));
const countersAnswer = envelopeOf(analyticsCountersSchema);
const dealsAnswer = envelopeOf(dealInfoSchema);
const barAnswer = envelopeOf(barDataSchema);
const piesAnswer = envelopeOf(pieDataSchema);
const listingPricesAnswer = envelopeOf(listingPriceTrendSchema);

/** Public dashboard aggregates of /dataanalysis (docs/product/content.md), computed from stored rows. */
const analyticsRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (app, { cache }) => {
  app.get(
    '/api/analytics/new-listings',
    {
      schema: {
        tags: TAGS,
        summary: '新房源：最新发布的楼盘',
        response: { 200: newListingsAnswer },
      },
    },
    async (_request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answer('analytics:new', newListingsAnswer, () =>
            selectNewListings(app.readDb),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/analytics/counters',
    {
      schema: {
        tags: TAGS,
        summary: '已发布楼盘数与累计关注人数',
        response: { 200: countersAnswer },
      },
    },
    async (_request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answer('analytics:counters', countersAnswer, () =>
            selectCounters(app.readDb),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/analytics/deals',
    {
      schema: {
        tags: TAGS,
        summary: '新房成交信息（最近一个月，可按区域）',
        querystring: analyticsDistrictQuerySchema,
        response: { 200: dealsAnswer },
      },
    },
    async (request, reply) => {
      const { areaCode } = request.query;
      const body = await cache.answer(`analytics:deals|${areaCode ?? ''}`, dealsAnswer, () =>
        selectDealInfo(app.readDb, areaCode),
      );
      return sendJsonBytes(reply, { body }, false);
    },
  );

  app.get(
    '/api/analytics/questionnaires',
    {
      schema: {
        tags: TAGS,
        summary: '购房需求问卷（每页 6、10、20、50 或 100 条）',
        querystring: questionnaireQuerySchema,
        response: { 200: envelopeOf(questionnairePageSchema) },
      },
    },
    async (request) => ok(await selectQuestionnaires(app.readDb, request.query)),
  );

  app.get(
    '/api/analytics/intent-districts',
    {
      schema: {
        tags: TAGS,
        summary: '柱状图：各区域意向人数',
        response: { 200: barAnswer },
      },
    },
    async (_request, reply) =>
      sendJsonBytes(
        reply,
        { body: await cache.answer('analytics:bar', barAnswer, () => selectIntentBar(app.readDb)) },
        false,
      ),
  );

  app.get(
    '/api/analytics/intent-pies',
    {
      schema: {
        tags: TAGS,
        summary: '饼图：购房与租房意向的户型、面积、价格分布（可按区域）',
        querystring: analyticsDistrictQuerySchema,
        response: { 200: piesAnswer },
      },
    },
    async (request, reply) => {
      const { areaCode } = request.query;
      const body = await cache.answer(`analytics:pies|${areaCode ?? ''}`, piesAnswer, () =>
        selectPies(app.readDb, areaCode),
      );
      return sendJsonBytes(reply, { body }, false);
    },
  );

  app.get(
    '/api/analytics/listing-prices',
    {
      schema: {
        tags: TAGS,
        summary: '二手房出售挂牌均价（元/㎡）：近12个月全市、各区域与主要小区的月均价（可按区域）',
        querystring: analyticsDistrictQuerySchema,
        response: { 200: listingPricesAnswer },
      },
    },
    async (request, reply) => {
      const { areaCode } = request.query;
      const body = await cache.answer(
        `analytics:listing-prices|${areaCode ?? ''}`,
        listingPricesAnswer,
        () => selectListingPriceTrend(app.readDb, new Date(), areaCode),
      );
      return sendJsonBytes(reply, { body }, false);
    },
  );
};

/** The analytics module with its own read cache (emptied with every project write). */
export const analyticsModule: FastifyPluginAsync = async (app) => {
  // Public reads make way for a deposit order running now (lib/foreground-gate.ts).
  app.addHook('onRequest', yieldTo(app.foreground));
  const cache = createAppReadCache(app);
  await app.register(analyticsRoutes, { cache });
};
