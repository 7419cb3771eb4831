import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { InProcessSendLimiter, RedisSendLimiter } from './chat-rate';

describe('the in-process send limit', () => {
  it('allows the limit within a window and starts again after it', async () => {
    const limiter = new InProcessSendLimiter(10_000, 3);
    const at = (ms: number) => limiter.hit(7, 1_000_000 + ms);
    expect([await at(0), await at(1), await at(2), await at(3)]).toEqual([true, true, true, false]);
    expect(await limiter.hit(8, 1_000_004)).toBe(true);
    expect(await at(9_999)).toBe(false);
    expect(await at(10_000)).toBe(true);
  });

  it('forgets windows once they are over', async () => {
    const limiter = new InProcessSendLimiter(10_000, 20);
    for (let user = 1; user <= 100; user += 1) await limiter.hit(user, 0);
    expect(limiter.size).toBe(100);
    await limiter.hit(1, 25_000);
    expect(limiter.size).toBe(1);
  });
});

describe('the shared send limit', () => {
  it('counts in memory when Redis does not answer, instead of failing the send', async () => {
    const errors: Error[] = [];
    // Nothing listens on port 1; like the app's connection, no queueing while away.
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    redis.on('error', () => undefined);
    const limiter = new RedisSendLimiter(redis, 'test:', (e) => errors.push(e), 10_000, 2);
    expect([await limiter.hit(5), await limiter.hit(5), await limiter.hit(5)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(errors.length).toBeGreaterThan(0);
    await limiter.close();
    redis.disconnect();
  });
});
