import { describe, expect, it } from 'vitest';
import {
  createProjectReadCache,
  invalidateProjectReads,
  ReadCache,
  releaseProjectReadCache,
} from './read-cache';

describe('ReadCache', () => {
  it('serves repeated reads from memory and shares one load between concurrent misses', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return loads;
    };
    const answers = await Promise.all([
      cache.get('k', load),
      cache.get('k', load),
      cache.get('k', load),
    ]);
    expect(answers).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('never stores an answer whose read began before an invalidation', async () => {
    const cache = createProjectReadCache();
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    invalidateProjectReads();
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
    releaseProjectReadCache(cache);
  });

  it('forgets entries after their lifetime and drops the oldest beyond the size limit', async () => {
    const short = new ReadCache(2, 1);
    await short.get('a', async () => 'a1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await short.get('a', async () => 'a2')).toBe('a2');
    const small = new ReadCache(2, 60_000);
    await small.get('a', async () => 1);
    await small.get('b', async () => 2);
    await small.get('c', async () => 3);
    expect(await small.get('a', async () => 10)).toBe(10);
    expect(await small.get('c', async () => 30)).toBe(3);
  });

  it('does not cache failures', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
