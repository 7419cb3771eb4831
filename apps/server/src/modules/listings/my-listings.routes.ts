import { AUDIT_OPERATION } from '@portal/shared/constants/listing-status';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import { myListingSchema } from '@portal/shared/schemas/listing-trust';
import {
  auditOperationSchema,
  listingEditSchema,
  listingFormSchema,
  listingIdParamSchema,
  listingSavedSchema,
  myListingsQuerySchema,
  uploadQuerySchema,
  uploadResultSchema,
  verificationFormSchema,
  verificationResultSchema,
} from '@portal/shared/schemas/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { formBody } from '../../lib/form-body';
import { currentUser, requireUser } from '../access/index';
import { getListingForEdit } from './listing-detail.queries';
import { requireOwnListing } from './listing-detail.service';
import {
  isPrivateKind,
  type ListingStorage,
  signPictureUrl,
  storeListingPicture,
} from './listing-files';
import { deleteListing, operateListing } from './listing-state.service';
import { createListing, updateListing } from './listings.service';
import { listMyListings } from './my-listings.queries';
import { requireRealNameUser, verifyOwnership } from './verification.service';

/** The caller's own listings: verification, uploads, create, edit, audit operations, delete. */
export const myListingsRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  const { storage } = options;

  app.post(
    '/api/listings/verifications',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['listings'],
        summary: '房源核验（对照产权登记）',
        body: formBody(verificationFormSchema),
        response: { 200: envelopeOf(verificationResultSchema) },
      },
    },
    async (request) => {
      const result = await verifyOwnership(app.db, currentUser(request).id, request.body);
      return ok(result, result.checkResult);
    },
  );

  app.post(
    '/api/listings/uploads',
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['listings'],
        summary:
          '上传房源图片（multipart 字段 file，JPEG/PNG，kind=house|certificate|idcard|license）',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 200: envelopeOf(uploadResultSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireRealNameUser(app.db, user.id);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', '请上传图片文件');
      const files = request.files();
      const first = await files.next();
      if (first.done || !first.value) throw new AppError('VALIDATION_FAILED', '请选择图片文件');
      const file = first.value;
      const bytes = await file.toBuffer();
      const extra = await files.next();
      if (!extra.done) {
        await extra.value.toBuffer();
        throw new AppError('VALIDATION_FAILED', '每次只能上传1个图片文件');
      }
      const { kind } = request.query;
      const stored = await storeListingPicture(storage, user.id, kind, bytes);
      const url = isPrivateKind(kind)
        ? await signPictureUrl(storage, stored)
        : storage.publicUrl(stored);
      return ok({ path: stored, originalName: file.filename ?? '', url }, '上传成功');
    },
  );

  app.get(
    '/api/listings/mine',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '我的二手房（出售/出租，每页20条，含待确认在售期限、整改要求、核验码）',
        querystring: myListingsQuerySchema,
        response: { 200: envelopeOf(pagedOf(myListingSchema)) },
      },
    },
    async (request) => ok(await listMyListings(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/listings/mine/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '编辑用的房源数据（本人）',
        params: listingIdParamSchema,
        response: { 200: envelopeOf(listingEditSchema) },
      },
    },
    async (request) => {
      const row = await requireOwnListing(app.db, currentUser(request).id, request.params.id);
      return ok(await getListingForEdit(app.db, storage, row));
    },
  );

  app.post(
    '/api/listings',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '发布房源（提交审核）',
        body: formBody(listingFormSchema),
        response: { 200: envelopeOf(listingSavedSchema) },
      },
    },
    async (request) =>
      ok(await createListing(app.db, storage, currentUser(request).id, request.body), '提交成功'),
  );

  app.put(
    '/api/listings/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '修改房源（已发布的房源修改后重新审核；改动产权信息将使核验码失效）',
        params: listingIdParamSchema,
        body: formBody(listingFormSchema),
        response: { 200: envelopeOf(listingSavedSchema) },
      },
    },
    async (request) =>
      ok(
        await updateListing(
          app.db,
          storage,
          currentUser(request).id,
          request.params.id,
          request.body,
        ),
        '保存成功',
      ),
  );

  app.post(
    '/api/listings/:id/audit',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '提交审核（operation 1）或撤回（operation 4，已撤回）',
        params: listingIdParamSchema,
        body: auditOperationSchema,
        response: { 200: envelopeOf(z.object({ publishStatus: z.number().int() })) },
      },
    },
    async (request) => {
      const { operation } = request.body;
      const publishStatus = await operateListing(
        app.db,
        currentUser(request).id,
        request.params.id,
        operation,
      );
      const isSubmit = operation === AUDIT_OPERATION.SUBMIT;
      return ok({ publishStatus }, isSubmit ? '提交成功' : '撤回成功');
    },
  );

  app.delete(
    '/api/listings/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['listings'],
        summary: '删除房源（待发布、已驳回、已撤回、已下架、已成交）',
        params: listingIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteListing(app.db, storage, currentUser(request).id, request.params.id);
      return ok(null, '删除成功');
    },
  );
};
