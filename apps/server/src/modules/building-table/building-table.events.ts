import { buildingTableBuildingParamsSchema } from '@portal/shared/schemas/building-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RoomFeed } from './room-feed';

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry` field). */
const RETRY_MS = 2_000;

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
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
    feed.close();
  });

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
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx: pass each event on at once instead of buffering the stream.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n`);
      res.write(`event: ready\ndata: ${JSON.stringify({ buildingId, version })}\n\n`);
      const stop = feed.subscribe(buildingId, (change) => {
        res.write(`event: rooms\ndata: ${JSON.stringify(change)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        stop();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      request.raw.on('close', end);
      res.on('error', end);
    },
  );
};
