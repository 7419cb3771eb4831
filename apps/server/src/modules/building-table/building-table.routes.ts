import {
  buildingRoomsQuerySchema,
  buildingRoomsSchema,
  buildingTableBuildingParamsSchema,
  buildingTableProjectParamsSchema,
  buildingTableRoomParamsSchema,
  roomPlaceSchema,
  tableBuildingSchema,
} from '@portal/shared/schemas/building-table';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnswerAddresses } from '../../lib/answer-addresses';
import { ok } from '../../lib/envelope';
import { yieldTo } from '../../lib/foreground-gate';
import { acceptsGzip, sendJsonBytes } from '../../lib/json-bytes';
import { BUILDING_TABLE_READ_LIMITS, ReadQueue, readLimitsKey } from '../../lib/read-queue';
import {
  buildingRoomsBody,
  findRoomPlace,
  type KeptRoomsAnswer,
  keptRoomsAnswer,
  listTableBuildings,
} from './building-table.queries';
import { ROOMS_SNAPSHOT_LIMIT, watchBuildingVersions } from './rooms-snapshot';

const TAGS = ['building-table'];

/**
 * The public building table (/houses, docs/product/new-build.md): buildings with their pre-sale records,
 * floors with live room colours per unit and 面积 band, and where a room sits. No login; room
 * states are current on every call: kept rows are reused only while the building's version is
 * unchanged (docs/decisions/0036-building-table-snapshot.md).
 */
export const buildingTableRoutes: FastifyPluginAsyncZod = async (app) => {
  // The building table's own share of the database, apart from the other public reads', and
  // behind a running deposit order (docs/decisions/0073-orders-before-public-reads.md).
  const rowReads = new ReadQueue(
    BUILDING_TABLE_READ_LIMITS[readLimitsKey(app.database)],
    app.foreground,
  );
  // The URLs of recent answers and where their bytes are kept (one entry per URL asked).
  const answered = new AnswerAddresses<KeptRoomsAnswer>(ROOMS_SNAPSHOT_LIMIT.entries * 4);
  let unwatch: (() => Promise<void>) | undefined;
  // Kept answers cost only the server's thread, and a crowd of them fills it: each waits while a
  // deposit order runs, as the other public reads do.
  app.addHook('onRequest', yieldTo(app.foreground));
  app.addHook('onReady', async () => {
    unwatch = await watchBuildingVersions(app.database);
  });
  app.addHook('preClose', async () => unwatch?.());
  app.get(
    '/api/building-table/projects/:projectId/buildings',
    {
      schema: {
        tags: TAGS,
        summary: '楼盘的楼栋、单元与预售许可信息',
        params: buildingTableProjectParamsSchema,
        response: { 200: envelopeOf(z.array(tableBuildingSchema)) },
      },
    },
    async (request) => ok(await listTableBuildings(app.db, request.params.projectId)),
  );

  app.get(
    '/api/building-table/buildings/:buildingId/rooms',
    {
      schema: {
        tags: TAGS,
        summary: '楼栋某单元的楼层与房间（实时房态，面积筛选，图例计数）',
        params: buildingTableBuildingParamsSchema,
        querystring: buildingRoomsQuerySchema,
        response: { 200: envelopeOf(buildingRoomsSchema) },
      },
      // A URL answered before, whose kept answer is still good, is answered here: before its
      // query is parsed and checked again (the viewers of a unit ask the same URL).
      onRequest: async (request, reply) => {
        const kept = answered.get(request.url);
        if (!kept) return;
        const gzip = acceptsGzip(request);
        const answer = await keptRoomsAnswer(app.db, kept, gzip);
        if (answer) return sendJsonBytes(reply, answer, gzip);
      },
    },
    // Up to ~50 KB of rooms per answer, built by toTableRoom and sent as bytes (or their gzip
    // copy) written once per version of the building (buildingRoomsBody).
    async (request, reply) => {
      const gzip = acceptsGzip(request);
      const { buildingId } = request.params;
      // A miss's rows wait in the table's own line, which makes way for a running order too.
      const answer = await buildingRoomsBody(app.db, buildingId, request.query, {
        gzip,
        queue: rowReads,
      });
      if (answer.kept) answered.set(request.url, answer.kept);
      return sendJsonBytes(reply, answer, gzip);
    },
  );

  app.get(
    '/api/building-table/rooms/:roomId',
    {
      schema: {
        tags: TAGS,
        summary: '房间所在楼盘、楼栋与单元',
        params: buildingTableRoomParamsSchema,
        response: { 200: envelopeOf(roomPlaceSchema) },
      },
    },
    async (request) => ok(await findRoomPlace(app.db, request.params.roomId)),
  );
};
