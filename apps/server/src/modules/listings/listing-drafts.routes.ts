import { envelopeOf } from '@portal/shared/schemas/common';
import {
  listingDraftBodySchema,
  listingDraftQuerySchema,
  listingDraftSavedSchema,
  listingDraftSchema,
} from '@portal/shared/schemas/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { deleteListingDraft, saveListingDraft, showListingDraft } from './listing-drafts.service';
import type { ListingStorage } from './listing-files';

/**
 * The caller's unfinished /addhouse form, one per listing type
 * (docs/decisions/0055-forgiving-listing-drafts.md). Every route reads the user from the session: there is
 * no way to name anyone else's draft.
 */
export const listingDraftsRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  const { storage } = options;

  app.get(
    '/api/listings/draft',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '我的房源草稿（出售/出租各一份；无草稿时为 null）',
        querystring: listingDraftQuerySchema,
        response: { 200: envelopeOf(listingDraftSchema.nullable()) },
      },
    },
    async (request) =>
      ok(await showListingDraft(app.db, storage, currentUser(request).id, request.query.type)),
  );

  app.put(
    '/api/listings/draft',
    {
      preHandler: requireUser,
      // Saved as the citizen types (debounced by the form): generous, but not unbounded.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['listings'],
        summary: '保存房源草稿（以最后一次保存为准）',
        querystring: listingDraftQuerySchema,
        body: listingDraftBodySchema,
        response: { 200: envelopeOf(listingDraftSavedSchema) },
      },
    },
    async (request) =>
      ok(
        await saveListingDraft(app.db, currentUser(request).id, request.query.type, request.body),
        '草稿已保存',
      ),
  );

  app.delete(
    '/api/listings/draft',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '删除房源草稿',
        querystring: listingDraftQuerySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteListingDraft(app.db, currentUser(request).id, request.query.type);
      return ok(null, '草稿已删除');
    },
  );
};
