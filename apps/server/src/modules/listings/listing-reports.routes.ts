import { LISTING_LIMITS } from '@portal/shared/constants/listings';
import { envelopeOf } from '@portal/shared/schemas/common';
import { listingReportFormSchema, reportPhotoSchema } from '@portal/shared/schemas/listing-trust';
import { listingIdParamSchema } from '@portal/shared/schemas/listings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { formBody } from '../../lib/form-body';
import { readSingleUpload } from '../../lib/single-upload';
import { currentUser, requireUser } from '../access/index';
import type { ListingStorage } from './listing-files';
import { createReport, storeReportPhoto } from './listing-reports.service';

/** Reports and their photos per signed-in citizen: plenty for real use, little for flooding. */
const reportRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user-${request.user.id}` : request.ip,
  },
};

/** 举报: a signed-in citizen reports a published listing, with up to three photos. */
export const listingReportsRoutes: FastifyPluginAsyncZod<{ storage: ListingStorage }> = async (
  app,
  options,
) => {
  app.post(
    '/api/listings/report-photos',
    {
      preHandler: requireUser,
      config: reportRateLimit,
      schema: {
        tags: ['listings'],
        summary: '上传举报图片（multipart 字段 file，JPEG/PNG，仅运营人员可见）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(reportPhotoSchema) },
      },
    },
    async (request) => {
      const upload = await readSingleUpload(request, LISTING_LIMITS.photoBytes, '请选择图片文件');
      const photo = await storeReportPhoto(options.storage, currentUser(request).id, upload.bytes);
      return ok(photo, '上传成功');
    },
  );

  app.post(
    '/api/listings/:id/reports',
    {
      preHandler: requireUser,
      config: reportRateLimit,
      schema: {
        tags: ['listings'],
        summary: '举报房源（已售/已租、价格不实、图片不实、虚假房源、其他）',
        params: listingIdParamSchema,
        body: formBody(listingReportFormSchema),
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const report = await createReport(
        app.db,
        options.storage,
        userId,
        request.params.id,
        request.body,
      );
      return ok(report, '举报已提交，平台处理后会通知您');
    },
  );
};
