import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import type { Redis } from 'ioredis';

/**
 * Counts 房聊 sends per user in fixed windows of `CHAT_LIMITS.rateWindowMs`. `hit` counts one
 * send and answers whether it is still within `CHAT_LIMITS.ratePerWindow`.
 */
export interface SendRateLimiter {
  hit(userId: number, now?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * One instance: counters in memory. Expired windows are dropped at most once per window length,
 * so memory holds only the users who sent within about the last two windows.
 */
export class InProcessSendLimiter implements SendRateLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number = CHAT_LIMITS.rateWindowMs,
    private readonly limit: number = CHAT_LIMITS.ratePerWindow,
  ) {}

  async hit(userId: number, now: number = Date.now()): Promise<boolean> {
    this.sweep(now);
    const window = this.windows.get(userId);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(userId, { start: now, count: 1 });
      return this.limit >= 1;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  /** How many users have a window in memory (for tests of the pruning). */
  get size(): number {
    return this.windows.size;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [userId, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(userId);
    }
  }
}

/** INCR the window's counter and give a new counter its expiry, in one round trip. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Several instances: one counter per user in Redis (`<prefix>chat:send:<userId>`), whose window
 * starts with its first send as in memory, so the limit holds across instances. Uses the app's
 * shared Redis connection (which fails commands at once while Redis is away); when Redis does
 * not answer, the instance counts in memory instead of refusing or waiting.
 */
export class RedisSendLimiter implements SendRateLimiter {
  private readonly fallback: InProcessSendLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void,
    private readonly windowMs: number = CHAT_LIMITS.rateWindowMs,
    private readonly limit: number = CHAT_LIMITS.ratePerWindow,
  ) {
    this.fallback = new InProcessSendLimiter(windowMs, limit);
  }

  async hit(userId: number, now: number = Date.now()): Promise<boolean> {
    const key = `${this.prefix}chat:send:${userId}`;
    try {
      const count = Number(await this.redis.eval(HIT_SCRIPT, 1, key, String(this.windowMs)));
      return count <= this.limit;
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
      return this.fallback.hit(userId, now);
    }
  }

  /** Drops the in-memory fallback; the shared connection belongs to the app. */
  async close(): Promise<void> {
    await this.fallback.close();
  }
}
