import type { Redis } from 'ioredis';

/** Redis as seen by /api/health: answering, configured but not answering, or not configured. */
export type RedisState = 'ok' | 'unavailable' | 'off';

/** How long a health check waits for PING, in milliseconds. */
const PING_TIMEOUT_MS = 1000;

/** PINGs Redis within a second; `off` when REDIS_URL is not set. */
export async function redisState(redis: Redis | null): Promise<RedisState> {
  if (!redis) return 'off';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), PING_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([redis.ping(), timeout]);
    return answer === 'PONG' ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}
