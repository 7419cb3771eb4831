import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index';
import { type ChatFanout, InProcessFanout, RedisFanout } from './chat-fanout';
import { ChatHub } from './chat-hub';
import { InProcessSendLimiter, RedisSendLimiter, type SendRateLimiter } from './chat-rate';

/** How long start-up waits for the Redis subscription before going on without it. */
const REDIS_READY_WAIT_MS = 5000;

export type ChatHubConfig = Pick<AppConfig, 'redisUrl' | 'redisPrefix'>;

/**
 * Starts the 房聊 live hub that the citizen routes, the socket and the operators' service inbox
 * share (docs/decisions/0046-module-boundaries.md): fan-out through Redis pub/sub when REDIS_URL
 * is set (several instances), in process otherwise, and the send limit counted in Redis when it
 * is configured, so it holds across instances. The hub and its fan-out close with the app.
 * Call after the database and Redis plugins, before the routes that take the hub.
 */
export async function startChatHub(app: FastifyInstance, config: ChatHubConfig): Promise<ChatHub> {
  const fanout: ChatFanout = config.redisUrl
    ? new RedisFanout(config.redisUrl, config.redisPrefix, (error) =>
        app.log.warn({ err: error }, 'chat redis error'),
      )
    : new InProcessFanout();
  if (fanout instanceof RedisFanout) {
    // Start even when Redis is late: history stays complete, live pushes begin once it answers.
    const timeout = new Promise<'timeout'>((resolve) => {
      setTimeout(() => resolve('timeout'), REDIS_READY_WAIT_MS).unref();
    });
    const ready = await Promise.race([fanout.whenReady().then(() => 'ready' as const), timeout]);
    if (ready === 'timeout')
      app.log.warn('chat: Redis not reachable yet, live fan-out waits for it');
  }
  const limiter: SendRateLimiter = app.redis
    ? new RedisSendLimiter(app.redis, config.redisPrefix, (error) =>
        app.log.debug({ err: error }, 'chat send counted in process: redis did not answer'),
      )
    : new InProcessSendLimiter();
  const hub = new ChatHub(app.db, fanout, limiter, app.log);
  app.addHook('onClose', async () => {
    await hub.close();
    await fanout.close();
  });
  return hub;
}
