import { envelopeOf } from '@portal/shared/schemas/common';
import { listingRepriceSchema } from '@portal/shared/schemas/listing-trust';
import { listingIdParamSchema } from '@portal/shared/schemas/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { closeListing, confirmListing, repriceListing } from './listing-state.service';

const done = { 200: envelopeOf(z.null()) };

/** The owner's actions on a live listing: 确认在售, 已成交, 调价 (docs/product/listings.md). */
export const listingActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/listings/:id/confirm',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '确认房源仍在售（已发布或待确认在售）',
        params: listingIdParamSchema,
        response: done,
      },
    },
    async (request) => {
      await confirmListing(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已确认在售');
    },
  );

  app.post(
    '/api/listings/:id/close',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '标记为已成交（已售出或已出租），收藏者收到通知',
        params: listingIdParamSchema,
        response: done,
      },
    },
    async (request) => {
      await closeListing(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已标记为已成交');
    },
  );

  app.post(
    '/api/listings/:id/price',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '调价（已发布房源，出售为元、出租为元/月），收藏者收到通知',
        params: listingIdParamSchema,
        body: listingRepriceSchema,
        response: done,
      },
    },
    async (request) => {
      const { id } = request.params;
      await repriceListing(app.db, currentUser(request).id, id, request.body.price);
      return ok(null, '调价成功');
    },
  );
};
