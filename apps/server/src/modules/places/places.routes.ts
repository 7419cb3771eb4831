import { MAP_POI_LIMIT } from '@portal/shared/constants/places';
import { envelopeOf } from '@portal/shared/schemas/common';
import {
  communityDetailSchema,
  communityQuerySchema,
  listingPlaceSchema,
  mapPoiSchema,
  nearbyPoiSchema,
  nearbyQuerySchema,
  poiBoxQuerySchema,
} from '@portal/shared/schemas/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { placeOfListing, readCommunity } from './communities.queries';
import { selectNearbyPois, selectPoisInBox } from './pois.queries';

const TAGS = ['places'];

/** 周边配套 around a position, the map's point layer and the 小区 pages (docs/product/nearby.md). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pois/nearby',
    {
      schema: {
        tags: TAGS,
        summary: '周边配套：半径内的学校、公交、医院、商超等，按距离由近到远，含步行距离与时间',
        querystring: nearbyQuerySchema,
        response: { 200: envelopeOf(z.array(nearbyPoiSchema)) },
      },
    },
    async (request) => {
      const { lng, lat, radius, category, perCategory } = request.query;
      return ok(await selectNearbyPois(app.readDb, { lng, lat }, radius, category, perCategory));
    },
  );

  app.get(
    '/api/pois/map',
    {
      schema: {
        tags: TAGS,
        summary: '地图配套图层：可视范围内的配套点（bbox=西,南,东,北）',
        querystring: poiBoxQuerySchema,
        response: { 200: envelopeOf(z.array(mapPoiSchema)) },
      },
    },
    async (request) => {
      const [west, south, east, north] = request.query.bbox;
      if (!(west < east && south < north) || east - west > 2 || north - south > 2)
        throw new AppError('MAP_BOUNDS_INVALID');
      return ok(
        await selectPoisInBox(
          app.readDb,
          request.query.bbox,
          request.query.category,
          MAP_POI_LIMIT,
        ),
      );
    },
  );

  app.get(
    '/api/communities/detail',
    {
      schema: {
        tags: TAGS,
        summary: '小区详情：概况、在售在租房源、成交记录与挂牌均价走势',
        querystring: communityQuerySchema,
        response: { 200: envelopeOf(communityDetailSchema) },
      },
    },
    async (request) => ok(await readCommunity(app.db, request.query.id)),
  );

  app.get(
    '/api/communities/of-listing/:id',
    {
      schema: {
        tags: TAGS,
        summary: '已发布房源的位置与所在小区（无小区记录时 community 为 null）',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(listingPlaceSchema) },
      },
    },
    async (request) => ok(await placeOfListing(app.db, request.params.id)),
  );
};
