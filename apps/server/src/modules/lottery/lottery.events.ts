import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { streamsOf } from '../../lib/event-streams';
import { BoardFeed, readBoardHead } from './lottery-board-feed';

/**
 * `GET /api/lottery/batches/:id/events`: the 选房 board pushed (docs/product/lottery.md, 选房).
 * `event: board` with `{ batchId, current, roomsLeft }` at once, then again whenever it changes
 * on any instance: a turn chosen, run out or started, a room of the batch taken or let go. The
 * page shows each head as it comes (no re-read) and re-reads the board on a reconnect. No
 * login: the board is public. An unknown batch is a 404 before the stream opens.
 */
export const lotteryEventRoutes: FastifyPluginAsyncZod<{ intervalMs?: number }> = async (
  app,
  options,
) => {
  const feed = new BoardFeed(
    app.db,
    (error) => app.log.warn({ err: error }, 'lottery board feed: read failed'),
    options.intervalMs,
  );
  const streams = streamsOf(app, feed);

  app.get(
    '/api/lottery/batches/:id/events',
    {
      schema: {
        tags: ['lottery'],
        summary: '选房看板推送（text/event-stream：board）',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const head = await readBoardHead(app.db, id);
      if (!head) throw new AppError('NOT_FOUND', '摇号批次不存在');
      streams.follow(request, reply, feed, id, { event: 'board', data: head }, 'board');
    },
  );
};
