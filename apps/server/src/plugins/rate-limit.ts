import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Fixed window: the first hit of a key starts its window (milliseconds in ARGV[1]). */
const WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Keys the in-process counter keeps before it drops expired and then the oldest ones. */
const LOCAL_MAX_KEYS = 20_000;

/** Per-instance fixed-window counters: the only store without Redis, the fallback with it. */
export class LocalCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one hit of `key` in a window of `timeWindowMs` milliseconds. */
  incr(key: string, timeWindowMs: number, now = Date.now()): Counted {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.prune(now);
      entry = { count: 0, resetAt: now + timeWindowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  private prune(now: number): void {
    if (this.windows.size < LOCAL_MAX_KEYS) return;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < LOCAL_MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

interface StoreShared {
  redis: Redis | null;
  local: LocalCounter;
  /** Called when Redis failed a count and the local counter answered instead. */
  onFallback: (error: unknown) => void;
}

/**
 * A rate-limit store that counts in Redis, so every instance enforces one shared limit, and
 * falls back to this instance's own counters when Redis does not answer: sign-in keeps working
 * and stays limited (per instance) through a Redis outage, instead of failing with 500.
 */
class ResilientStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: StoreShared,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const fullKey = this.prefix + key;
    const { redis, local, onFallback } = this.shared;
    if (!redis) {
      callback(null, local.incr(fullKey, timeWindow));
      return;
    }
    redis.eval(WINDOW_SCRIPT, 1, fullKey, timeWindow).then(
      (answer) => {
        const [current, ttl] = answer as [number, number];
        callback(null, { current, ttl });
      },
      (error: unknown) => {
        onFallback(error);
        callback(null, local.incr(fullKey, timeWindow));
      },
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { routeInfo } = routeOptions as { routeInfo?: { method?: unknown; url?: unknown } };
    const route = `${String(routeInfo?.method ?? '')}${String(routeInfo?.url ?? '')}`;
    return new ResilientStore(this.shared, `${this.prefix}${route}-`);
  }
}

/**
 * A fixed-window counter outside the route limits (the server renderer's per-client limit): in
 * Redis when given, so every instance counts one shared window, else (and through a Redis
 * outage) in this process. Resolves the count of `key` in its current window.
 */
export function windowCounter(
  redis: Redis | null,
  prefix: string,
  onFallback: (error: unknown) => void,
): (key: string, windowMs: number) => Promise<number> {
  const local = new LocalCounter();
  return async (key, windowMs) => {
    const fullKey = prefix + key;
    if (!redis) return local.incr(fullKey, windowMs).current;
    try {
      const [current] = (await redis.eval(WINDOW_SCRIPT, 1, fullKey, windowMs)) as [number, number];
      return current;
    } catch (error) {
      onFallback(error);
      return local.incr(fullKey, windowMs).current;
    }
  };
}

/** How often a Redis failure of the counters is logged at most, in milliseconds. */
const FALLBACK_LOG_INTERVAL_MS = 30_000;

/**
 * Per-route request limits (`config.rateLimit` on a route; nothing global), counted in Redis
 * under `<REDIS_PREFIX>rate-limit:` when app.redis is set, else in process. Over the limit:
 * 429 with code 10429.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { prefix: string }) => {
  let lastLogged = 0;
  const shared: StoreShared = {
    redis: app.redis,
    local: new LocalCounter(),
    onFallback: (error) => {
      if (Date.now() - lastLogged < FALLBACK_LOG_INTERVAL_MS) return;
      lastLogged = Date.now();
      app.log.warn({ err: error }, 'rate limit: redis failed, counting on this instance');
    },
  };
  const prefix = `${options.prefix}rate-limit:`;
  await app.register(fastifyRateLimit, {
    global: false,
    store: class RootStore extends ResilientStore {
      constructor() {
        super(shared, prefix);
      }
    },
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
});
