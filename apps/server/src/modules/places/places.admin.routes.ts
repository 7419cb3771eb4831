import { envelopeOf } from '@portal/shared/schemas/common';
import { poiImportResultSchema, poiImportSchema } from '@portal/shared/schemas/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { importPois } from './pois-import';

/** Operators keep the points of interest by importing files (docs/product/nearby.md). */
export const placesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/pois/import',
    {
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: '导入周边配套（CSV：类别,名称,经度,纬度,地址,学区；或 GeoJSON 点要素）',
        body: poiImportSchema,
        response: { 200: envelopeOf(poiImportResultSchema) },
      },
    },
    async (request) => {
      const result = await importPois(app.db, currentUser(request).id, request.body);
      return ok(result, `已导入 ${result.added} 个配套点`);
    },
  );
};
