import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The shared Redis connection (REDIS_URL) of the request rate limits, or null when Redis is
     * not configured. It never queues commands while disconnected: a command fails at once, so a
     * Redis outage cannot hold requests up.
     */
    redis: Redis | null;
  }
}

/**
 * Opens the shared Redis connection when REDIS_URL is set. Connection loss is logged once when
 * it starts and once when Redis is back; ioredis reconnects by itself.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url: string | undefined }) => {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const client = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: 1000,
    });
    let down = false;
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      app.log.warn(
        { err: error },
        'redis unavailable: rate limits counted per instance until it returns',
      );
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      app.log.info('redis available again: rate limits shared again');
    });
    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  },
);
