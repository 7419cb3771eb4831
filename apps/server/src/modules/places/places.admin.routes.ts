import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  adminPoiQuerySchema,
  adminPoiSchema,
  poiIdParamSchema,
  poiImportResultSchema,
  poiImportSchema,
} from '@portal/shared/schemas/places/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../access/index';
import { importPois } from './pois-import';
import { deletePoi } from './pois.admin.service';
import { listAdminPois } from './pois.queries';

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

  app.get(
    '/api/admin/pois',
    {
      schema: {
        tags: ['admin'],
        summary: '周边配套点列表（按区县、类别、名称）',
        querystring: adminPoiQuerySchema,
        response: { 200: envelopeOf(pagedOf(adminPoiSchema)) },
      },
    },
    async (request) => ok(await listAdminPois(app.db, request.query)),
  );

  app.delete(
    '/api/admin/pois/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '删除周边配套点（记入操作日志）',
        params: poiIdParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deletePoi(app.db, currentUser(request).id, request.params.id);
      return ok(null, '已删除');
    },
  );
};
