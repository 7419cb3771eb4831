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
import { createAppReadCache, type ReadCache } from '../projects/index';
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

/** Public dashboard aggregates of /dataanalysis (docs/product/content.md), computed from stored rows. */
const analyticsRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (app, { cache }) => {
  app.get(
    '/api/analytics/new-listings',
    {
      schema: {
        tags: TAGS,
        summary: '新房源：最新发布的楼盘',
        response: { 200: envelopeOf(z.array(newListingSchema)) },
      },
    },
    async () => ok(await cache.get('analytics:new', () => selectNewListings(app.readDb))),
  );

  app.get(
    '/api/analytics/counters',
    {
      schema: {
        tags: TAGS,
        summary: '已发布楼盘数与累计关注人数',
        response: { 200: envelopeOf(analyticsCountersSchema) },
      },
    },
    async () => ok(await cache.get('analytics:counters', () => selectCounters(app.readDb))),
  );

  app.get(
    '/api/analytics/deals',
    {
      schema: {
        tags: TAGS,
        summary: '新房成交信息（最近一个月，可按区域）',
        querystring: analyticsDistrictQuerySchema,
        response: { 200: envelopeOf(dealInfoSchema) },
      },
    },
    async (request) => {
      const { areaCode } = request.query;
      return ok(
        await cache.get(`analytics:deals|${areaCode ?? ''}`, () =>
          selectDealInfo(app.readDb, areaCode),
        ),
      );
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
        response: { 200: envelopeOf(barDataSchema) },
      },
    },
    async () => ok(await cache.get('analytics:bar', () => selectIntentBar(app.readDb))),
  );

  app.get(
    '/api/analytics/intent-pies',
    {
      schema: {
        tags: TAGS,
        summary: '饼图：购房与租房意向的户型、面积、价格分布（可按区域）',
        querystring: analyticsDistrictQuerySchema,
        response: { 200: envelopeOf(pieDataSchema) },
      },
    },
    async (request) => {
      const { areaCode } = request.query;
      return ok(
        await cache.get(`analytics:pies|${areaCode ?? ''}`, () => selectPies(app.readDb, areaCode)),
      );
    },
  );

  app.get(
    '/api/analytics/listing-prices',
    {
      schema: {
        tags: TAGS,
        summary: '二手房出售挂牌均价（元/㎡）：近12个月全市、各区域与主要小区的月均价（可按区域）',
        querystring: analyticsDistrictQuerySchema,
        response: { 200: envelopeOf(listingPriceTrendSchema) },
      },
    },
    async (request) => {
      const { areaCode } = request.query;
      return ok(
        await cache.get(`analytics:listing-prices|${areaCode ?? ''}`, () =>
          selectListingPriceTrend(app.readDb, new Date(), areaCode),
        ),
      );
    },
  );
};

/** The analytics module with its own read cache (emptied with every project write). */
export const analyticsModule: FastifyPluginAsync = async (app) => {
  const cache = createAppReadCache(app);
  await app.register(analyticsRoutes, { cache });
};
