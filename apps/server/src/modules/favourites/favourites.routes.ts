import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  favouriteListingSchema,
  favouriteListingsQuerySchema,
  favouriteNewsQuerySchema,
  favouriteNewsSchema,
  favouriteStateSchema,
  favouriteToggleSchema,
} from '@portal/shared/schemas/favourites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import {
  type IsPublicListing,
  listFavouriteListings,
  listFavouriteNews,
  toggleFavourite,
} from './favourites.service';

/**
 * Favourites (收藏) of projects, articles and second-hand listings; always the caller's own. A
 * listing may be favourited while `isPublicListing` says it is public (the listings module's rule,
 * given by the app).
 */
export const favouritesRoutes: FastifyPluginAsyncZod<{ isPublicListing: IsPublicListing }> = async (
  app,
  options,
) => {
  app.post(
    '/api/favourites/toggle',
    {
      preHandler: requireUser,
      schema: {
        tags: ['favourites'],
        summary: '收藏或取消收藏楼盘/文章/二手房源',
        body: favouriteToggleSchema,
        response: { 200: envelopeOf(favouriteStateSchema) },
      },
    },
    async (request) => {
      const result = await toggleFavourite(
        app.db,
        currentUser(request).id,
        request.body,
        options.isPublicListing,
      );
      return ok(result, result.collected ? '收藏成功' : '取消收藏');
    },
  );

  app.get(
    '/api/favourites/news',
    {
      preHandler: requireUser,
      schema: {
        tags: ['favourites'],
        summary: '我的资讯收藏',
        querystring: favouriteNewsQuerySchema,
        response: { 200: envelopeOf(pagedOf(favouriteNewsSchema)) },
      },
    },
    async (request) => ok(await listFavouriteNews(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/favourites/listings',
    {
      preHandler: requireUser,
      schema: {
        tags: ['favourites'],
        summary: '我收藏的二手房源（含已成交、已撤回、已下架的标记）',
        querystring: favouriteListingsQuerySchema,
        response: { 200: envelopeOf(pagedOf(favouriteListingSchema)) },
      },
    },
    async (request) =>
      ok(await listFavouriteListings(app.db, currentUser(request).id, request.query)),
  );
};
