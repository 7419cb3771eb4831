import { LISTING_STATUS } from '@portal/shared/constants/listings';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  adminListingSchema,
  adminListingsQuerySchema,
  listingEditSchema,
  listingIdParamSchema,
} from '@portal/shared/schemas/listings';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secondHandListings, users } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { requireAdmin } from '../../plugins/auth';
import { findListing, getListingForEdit } from './listing-detail.queries';
import type { ListingStorage } from './listing-files';
import { pageListings, toCards } from './listings.queries';

const L = secondHandListings;

/**
 * Operator review of second-hand listings: the queue and one listing with its materials. The
 * decisions go through the audited console routes (`/api/admin/listing-review/:id/…`).
 */
export const listingsAdminRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  app.get(
    '/api/admin/listings',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '二手房源审核队列（默认待审核，先提交的在前）',
        querystring: adminListingsQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminListingSchema)) },
      },
    },
    async (request) => {
      const { status, type, pageNum, pageSize } = request.query;
      const where = and(eq(L.publishStatus, status), type ? eq(L.type, type) : undefined) as SQL;
      const order = status === LISTING_STATUS.PENDING ? [asc(L.updatedAt), asc(L.id)] : undefined;
      const { rows, total } = await pageListings(app.db, where, { pageNum, pageSize }, order);
      const cards = await toCards(app.db, rows);
      const ownerIds = [...new Set(rows.map((row) => row.userId))];
      const owners =
        ownerIds.length === 0
          ? []
          : await app.db
              .select({ id: users.id, phone: users.phone })
              .from(users)
              .where(inArray(users.id, ownerIds));
      const phoneOf = new Map(owners.map((o) => [o.id, o.phone]));
      const list = cards.map((card, index) => {
        const row = rows[index] as (typeof rows)[number];
        return {
          ...card,
          ownerId: row.userId,
          ownerPhone: phoneOf.get(row.userId) ?? null,
          createdAt: row.createdAt.toISOString(),
        };
      });
      return ok({ list, total, pageNum, pageSize });
    },
  );

  app.get(
    '/api/admin/listings/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '审核用的房源资料（认证材料为短时签名链接）',
        params: listingIdParamSchema,
        response: { 200: envelopeOf(listingEditSchema) },
      },
    },
    async (request) => {
      const row = await findListing(app.db, request.params.id);
      return ok(await getListingForEdit(app.db, options.storage, row));
    },
  );
};
