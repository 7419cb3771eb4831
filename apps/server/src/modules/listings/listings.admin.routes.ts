import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { adminIdParamSchema, adminReasonSchema } from '@portal/shared/schemas/common/admin';
import { listingEditSchema, listingIdParamSchema } from '@portal/shared/schemas/listings';
import {
  listingStatusReasonSchema,
  adminListingSchema,
  adminListingsQuerySchema,
} from '@portal/shared/schemas/listings/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { listAdminListings } from './admin-listings.queries';
import { findListing, getListingForEdit } from './listing-detail.queries';
import type { ListingStorage } from './listing-files';
import { listingReportsAdminRoutes } from './listing-reports.admin.routes';
import {
  approveListing,
  rejectListing,
  restoreListing,
  takeDownListing,
} from './listing-review.service';

const done = { 200: envelopeOf(z.null()) };

/**
 * The operator console's second-hand listings, under the one admin guard of `/api/admin/`:
 * listings by state with their materials, review (approve, reject), take-down and restore
 * with a reason, and the report queue. Every decision is audited in its own transaction.
 */
export const listingsAdminRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  app.get(
    '/api/admin/listings',
    {
      schema: {
        tags: ['admin'],
        summary: '二手房源（按状态；默认待审核，先提交的在前）',
        querystring: adminListingsQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminListingSchema)) },
      },
    },
    async (request) => ok(await listAdminListings(app.db, request.query)),
  );

  app.get(
    '/api/admin/listings/:id',
    {
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

  app.post(
    '/api/admin/listing-review/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: '房源审核通过并发布（签发房源核验码，记录操作日志）',
        params: adminIdParamSchema,
        response: done,
      },
    },
    async (request) => {
      await approveListing(app.db, currentUser(request).id, request.params.id);
      return ok(null, '审核通过，房源已发布');
    },
  );

  app.post(
    '/api/admin/listing-review/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: '房源审核驳回（原因发给房主，记录操作日志）',
        params: adminIdParamSchema,
        body: adminReasonSchema,
        response: done,
      },
    },
    async (request) => {
      const { id } = request.params;
      await rejectListing(app.db, currentUser(request).id, id, request.body.reason);
      return ok(null, '已驳回');
    },
  );

  app.post(
    '/api/admin/listings/:id/take-down',
    {
      schema: {
        tags: ['admin'],
        summary: '下架房源（原因发给房主，核验码失效，待处理举报一并结案）',
        params: adminIdParamSchema,
        body: listingStatusReasonSchema,
        response: done,
      },
    },
    async (request) => {
      const { id } = request.params;
      await takeDownListing(app.db, currentUser(request).id, id, request.body.reason);
      return ok(null, '房源已下架');
    },
  );

  app.post(
    '/api/admin/listings/:id/restore',
    {
      schema: {
        tags: ['admin'],
        summary: '恢复发布已下架的房源（原因发给房主，签发新核验码）',
        params: adminIdParamSchema,
        body: listingStatusReasonSchema,
        response: done,
      },
    },
    async (request) => {
      const { id } = request.params;
      await restoreListing(app.db, currentUser(request).id, id, request.body.reason);
      return ok(null, '房源已恢复发布');
    },
  );

  await app.register(listingReportsAdminRoutes, options);
};
