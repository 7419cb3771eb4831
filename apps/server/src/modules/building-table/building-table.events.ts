import { buildingTableBuildingParamsSchema } from '@portal/shared/schemas/building-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { streamsOf } from '../../lib/event-streams';
import { RoomFeed } from './room-feed';

/**
 * `GET /api/building-table/buildings/:buildingId/events`: server-sent events of one building.
 * First `event: ready` with the feed version, then `event: rooms` with `{ buildingId, roomIds,
 * version }` whenever rooms of the building change (colour, deadlines, prices), on whichever
 * instance the change was made. The page re-reads the rooms on `ready` (so a reconnect
 * re-synchronises) and on every `rooms`. No login: the table is public.
 */
export const buildingTableEventRoutes: FastifyPluginAsyncZod<{ intervalMs?: number }> = async (
  app,
  options,
) => {
  const feed = new RoomFeed(
    app.db,
    (error) => app.log.warn({ err: error }, 'building table feed: read failed'),
    options.intervalMs,
  );
  const streams = streamsOf(app, feed);

  app.get(
    '/api/building-table/buildings/:buildingId/events',
    {
      schema: {
        tags: ['building-table'],
        summary: '楼栋房态变化推送（text/event-stream：ready、rooms）',
        params: buildingTableBuildingParamsSchema,
      },
    },
    async (request, reply) => {
      const { buildingId } = request.params;
      const version = await feed.version();
      streams.follow(
        request,
        reply,
        feed,
        buildingId,
        { event: 'ready', data: { buildingId, version } },
        'rooms',
      );
    },
  );
};
