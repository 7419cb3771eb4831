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
import { yieldTo } from '../../lib/foreground-gate';
import { sendJsonBytes } from '../../lib/json-bytes';
import { answerKeptByUrl, createAppReadCache, type ReadCache } from '../../lib/read-cache';
import { mapViewRoutes } from './map-view.routes';
import { getMapList, getMapMarkers, getMapOverview, getMarkerDetail } from './map.service';

const TAGS = ['map'];

const overviewAnswer = envelopeOf(mapOverviewSchema);
const markersAnswer = envelopeOf(mapMarkerPageSchema);
const listAnswer = envelopeOf(mapListPageSchema);
const markerAnswer = envelopeOf(mapMarkerDetailSchema);

/**
 * Public map search (docs/product/new-build.md): district clusters, viewport markers, the list, a
 * card; the first three walked from the published projects kept in memory
 * (docs/decisions/0085-the-map-from-the-projects-in-memory.md), each answer kept as bytes per
 * normalised query (docs/architecture.md, "Kept answers of public reads"), emptied with every
 * project write.
 */
const mapRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (app, { cache }) => {
  // A URL answered before is answered from its kept bytes while they are kept.
  const kept = answerKeptByUrl(cache);
  app.get(
    '/api/map/clusters',
    {
      schema: {
        tags: TAGS,
        summary: '地图总览：按区域聚合的楼盘数（与列表相同的筛选条件）',
        querystring: mapFilterSchema,
        response: { 200: overviewAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `clusters|${JSON.stringify(request.query)}`,
            overviewAnswer,
            () => getMapOverview(app.readDb, cache, request.query),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/map/markers',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内的楼盘价格标注（bbox=西南经度,西南纬度,东北经度,东北纬度）',
        querystring: mapMarkerQuerySchema,
        response: { 200: markersAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `markers|${JSON.stringify(request.query)}`,
            markersAnswer,
            () => getMapMarkers(app.readDb, cache, request.query),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/map/projects',
    {
      schema: {
        tags: TAGS,
        summary: '地图找房列表（每页 10 个，排序：默认、单价、关注度）',
        querystring: mapListQuerySchema,
        response: { 200: listAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `list|${JSON.stringify(request.query)}`,
            listAnswer,
            () => getMapList(app.readDb, cache, request.query),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/map/markers/:id',
    {
      schema: {
        tags: TAGS,
        summary: '标注点楼盘信息',
        params: mapMarkerParamsSchema,
        response: { 200: markerAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `marker|${request.params.id}`,
            markerAnswer,
            () => getMarkerDetail(app.readDb, cache, request.params.id),
          ),
        },
        false,
      ),
  );
};

/** The map module with its own read cache, emptied by `invalidateProjectReads()`. */
export const mapModule: FastifyPluginAsync = async (app) => {
  // Public reads make way for a deposit order running now (lib/foreground-gate.ts).
  app.addHook('onRequest', yieldTo(app.foreground));
  const cache = createAppReadCache(app);
  await app.register(mapRoutes, { cache });
  await app.register(mapViewRoutes, { cache });
};
