import { beijingYearOf } from '@portal/shared/beijing-time';
import { envelopeOf } from '@portal/shared/schemas/common';
import {
  MAP_PAGE_SIZE,
  mapListingListPageSchema,
  mapListingListQuerySchema,
  mapListingMarkerPageSchema,
  mapListingQuerySchema,
  mapListPageSchema,
  mapMarkerQuerySchema,
  mapOverviewSchema,
  mapViewListQuerySchema,
  type MapCluster,
  type MapFilter,
} from '@portal/shared/schemas/map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { ReadCache } from '../../lib/read-cache';
import {
  selectListingClustersInBox,
  selectListingMarkers,
  selectListingPageInBox,
  projectClustersInBox,
  projectPageInBox,
  selectProjectClustersInBox,
  selectProjectPageInBox,
} from './map-view.queries';
import { keptProjects, parseBounds } from './map.service';

const TAGS = ['map'];

const overviewOf = (list: MapCluster[]) => ({
  list,
  total: list.reduce((sum, cluster) => sum + cluster.docCount, 0),
});

function filterKey(filter: MapFilter): string {
  return [
    filter.keyword?.trim() ?? '',
    filter.areaCode ?? '',
    filter.priceScope ?? '',
    filter.properties ?? '',
    filter.buildAreaScope ?? '',
  ].join('|');
}

/**
 * The map that follows the view (docs/decisions/0056-map-follows-the-view.md): the clusters and
 * the list of exactly the visible box, for new-build projects and for the second-hand layer.
 * A bad box answers 400 with code 80001. Project answers are walked from the published projects
 * kept in the map's read cache (emptied by every project write; docs/decisions/0085), so every
 * pan costs a walk in memory, not a statement; by SQL, kept per exact box, while the caches are
 * off. Listing answers are read live (listings change with every publish and report).
 */
export const mapViewRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (
  app,
  { cache },
) => {
  app.get(
    '/api/map/view/clusters',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内按区域聚合的楼盘数（bbox=西南经度,西南纬度,东北经度,东北纬度）',
        querystring: mapMarkerQuerySchema,
        response: { 200: envelopeOf(mapOverviewSchema) },
      },
    },
    async (request) => {
      const box = parseBounds(request.query.bbox);
      const projects = await keptProjects(app.readDb, cache);
      if (projects) return ok(overviewOf(projectClustersInBox(projects, request.query, box)));
      return ok(
        await cache.get(
          `map:view-clusters|${box.join(',')}|${filterKey(request.query)}`,
          async () => overviewOf(await selectProjectClustersInBox(app.readDb, request.query, box)),
        ),
      );
    },
  );

  app.get(
    '/api/map/view/projects',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内的楼盘列表与总数（每页 10 个，排序同新房列表）',
        querystring: mapViewListQuerySchema,
        response: { 200: envelopeOf(mapListPageSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const box = parseBounds(query.bbox);
      const projects = await keptProjects(app.readDb, cache);
      const page = projects
        ? projectPageInBox(projects, query, box)
        : await cache.get(
            `map:view-list|${box.join(',')}|${query.pageNum}|${query.sortType}|${filterKey(query)}`,
            () => selectProjectPageInBox(app.readDb, query, box),
          );
      return ok({ ...page, pageNum: query.pageNum, pageSize: MAP_PAGE_SIZE });
    },
  );

  app.get(
    '/api/map/listings/clusters',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内按区域聚合的二手房源数（type=1 出售，2 出租）',
        querystring: mapListingQuerySchema,
        response: { 200: envelopeOf(mapOverviewSchema) },
      },
    },
    async (request) => {
      const box = parseBounds(request.query.bbox);
      return ok(
        overviewOf(await selectListingClustersInBox(app.db, request.query, box, beijingYearOf())),
      );
    },
  );

  app.get(
    '/api/map/listings/markers',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内的二手房源标注（仅公开房源，最多 1500 个）',
        querystring: mapListingQuerySchema,
        response: { 200: envelopeOf(mapListingMarkerPageSchema) },
      },
    },
    async (request) => {
      const box = parseBounds(request.query.bbox);
      return ok(await selectListingMarkers(app.db, request.query, box, beijingYearOf()));
    },
  );

  app.get(
    '/api/map/listings',
    {
      schema: {
        tags: TAGS,
        summary: '可视范围内的二手房源列表与总数（每页 10 套，排序同二手房列表）',
        querystring: mapListingListQuerySchema,
        response: { 200: envelopeOf(mapListingListPageSchema) },
      },
    },
    async (request) => {
      const box = parseBounds(request.query.bbox);
      return ok(await selectListingPageInBox(app.db, request.query, box, beijingYearOf()));
    },
  );
};
