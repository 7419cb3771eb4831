import { envelopeOf } from '@portal/shared/schemas/common';
import {
  mapFilterSchema,
  mapListPageSchema,
  mapListQuerySchema,
  mapMarkerDetailSchema,
  mapMarkerParamsSchema,
  mapMarkerPageSchema,
  mapMarkerQuerySchema,
  mapOverviewSchema,
} from '@portal/shared/schemas/map';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { createAppReadCache, type ReadCache } from '../projects/index';
import { mapViewRoutes } from './map-view.routes';
import { getMapList, getMapMarkers, getMapOverview, getMarkerDetail } from './map.service';

const TAGS = ['map'];

/** Public map search (docs/product/new-build.md): district clusters, viewport markers, the list, a card. */
const mapRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (app, { cache }) => {
  app.get(
    '/api/map/clusters',
    {
      schema: {
        tags: TAGS,
        summary: '地图总览：按区域聚合的楼盘数（与列表相同的筛选条件）',
        querystring: mapFilterSchema,
        response: { 200: envelopeOf(mapOverviewSchema) },
      },
    },
    async (request) => ok(await getMapOverview(app.readDb, cache, request.query)),
  );

  app.get(
    '/api/map/markers',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内的楼盘价格标注（bbox=西南经度,西南纬度,东北经度,东北纬度）',
        querystring: mapMarkerQuerySchema,
        response: { 200: envelopeOf(mapMarkerPageSchema) },
      },
    },
    async (request) => ok(await getMapMarkers(app.readDb, cache, request.query)),
  );

  app.get(
    '/api/map/projects',
    {
      schema: {
        tags: TAGS,
        summary: '地图找房列表（每页 10 个，排序：默认、单价、关注度）',
        querystring: mapListQuerySchema,
        response: { 200: envelopeOf(mapListPageSchema) },
      },
    },
    async (request) => ok(await getMapList(app.readDb, cache, request.query)),
  );

  app.get(
    '/api/map/markers/:id',
    {
      schema: {
        tags: TAGS,
        summary: '标注点楼盘信息',
        params: mapMarkerParamsSchema,
        response: { 200: envelopeOf(mapMarkerDetailSchema) },
      },
    },
    async (request) => ok(await getMarkerDetail(app.readDb, cache, request.params.id)),
  );
};

/** The map module with its own read cache, emptied by `invalidateProjectReads()`. */
export const mapModule: FastifyPluginAsync = async (app) => {
  const cache = createAppReadCache(app);
  await app.register(mapRoutes, { cache });
  await app.register(mapViewRoutes, { cache });
};
