import { beijingYearOf } from '@portal/shared/beijing-time';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  communitySuggestionQuerySchema,
  communitySuggestionSchema,
  dictionaryItemSchema,
  dictionaryTypeParamSchema,
  listingCardSchema,
  listingDetailSchema,
  listingIdParamSchema,
  listingSearchQuerySchema,
  publisherSchema,
  tagItemSchema,
  tagQuerySchema,
} from '@portal/shared/schemas/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { watchReadVersions } from '../../db/read-versions';
import { ok } from '../../lib/envelope';
import { yieldTo } from '../../lib/foreground-gate';
import { sendJsonBytes } from '../../lib/json-bytes';
import { visitorOf } from '../activity/index';
import { isFavourited } from '../favourites/index';
import { showListingDetail, showPublisher } from './listing-detail.service';
import { keptListingSearchBodyOf, listingSearchBody } from './listing-search-index';
import { listDictionary, listTags, suggestCommunities } from './listings.queries';

/** Public second-hand reads: search, detail, publisher, dictionaries, tags. */
export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public reads make way for a deposit order running now (lib/foreground-gate.ts).
  app.addHook('onRequest', yieldTo(app.foreground));
  let unwatch: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unwatch = await watchReadVersions(app.database);
  });
  app.addHook('preClose', async () => unwatch?.());
  app.get(
    '/api/listings',
    {
      schema: {
        tags: ['listings'],
        summary: '二手房出售/出租房源搜索（仅已发布）',
        querystring: listingSearchQuerySchema,
        response: { 200: envelopeOf(pagedOf(listingCardSchema)) },
      },
      // A URL answered before is sent what it got while the search would answer the same.
      onRequest: async (request, reply) => {
        const body = await keptListingSearchBodyOf(app.db, request.url, beijingYearOf());
        if (body) return sendJsonBytes(reply, { body }, false);
      },
    },
    // From the in-process index of the search's version (listingSearchBody); the answer holds
    // nothing personal (已收藏 is only on the detail, per viewer).
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await listingSearchBody(
            app.db,
            request.query,
            beijingYearOf(),
            app.publicReads,
            request.url,
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/listings/communities',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['listings'],
        summary: '小区名称联想（已发布房源的小区，最多 10 个）',
        querystring: communitySuggestionQuerySchema,
        response: { 200: envelopeOf(z.array(communitySuggestionSchema)) },
      },
    },
    async (request) => ok(await suggestCommunities(app.db, request.query)),
  );

  app.get(
    '/api/listings/:id',
    {
      schema: {
        tags: ['listings'],
        summary: '二手房源详情（detailscs / detailscz）',
        params: listingIdParamSchema,
        response: { 200: envelopeOf(listingDetailSchema) },
      },
    },
    async (request) => {
      const viewer = request.user;
      const isCollected = (listingId: number) =>
        viewer ? isFavourited(app.db, viewer.id, 'LISTING', listingId) : Promise.resolve(false);
      return ok(
        await showListingDetail(app.db, request.params.id, viewer, isCollected, visitorOf(request)),
      );
    },
  );

  app.get(
    '/api/listings/:id/publisher',
    {
      schema: {
        tags: ['listings'],
        summary: '房源发布人（房聊对象）',
        params: listingIdParamSchema,
        response: { 200: envelopeOf(publisherSchema) },
      },
    },
    async (request) => ok(await showPublisher(app.db, request.params.id, request.user)),
  );

  app.get(
    '/api/dictionaries/:type',
    {
      schema: {
        tags: ['listings'],
        summary:
          '字典项（装修、朝向、结构、产权年限、电梯、房屋类型、区域、出租方式、付款方式、证件类型）',
        params: dictionaryTypeParamSchema,
        response: { 200: envelopeOf(z.array(dictionaryItemSchema)) },
      },
    },
    async (request) => ok(await listDictionary(app.db, request.params.type)),
  );

  app.get(
    '/api/tags',
    {
      schema: {
        tags: ['listings'],
        summary: '房源标签（6 出售，7 出租）',
        querystring: tagQuerySchema,
        response: { 200: envelopeOf(z.array(tagItemSchema)) },
      },
    },
    async (request) => ok(await listTags(app.db, request.query.tagType)),
  );
};
