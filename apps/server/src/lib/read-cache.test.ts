import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createProjectReadCache,
  invalidateProjectReads,
  projectReadCacheStats,
  ReadCache,
  releaseProjectReadCache,
  setProjectReadCaching,
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

  it('with a lagging replica behind it, empties again once the replica has caught up', async () => {
    vi.useFakeTimers();
    try {
      const cache = createProjectReadCache(5000);
      let replica = 'old';
      await cache.get('k', async () => replica);
      invalidateProjectReads();
      // The write has not reached the replica yet: the first read after the invalidation is stale.
      expect(await cache.get('k', async () => replica)).toBe('old');
      replica = 'new';
      expect(await cache.get('k', async () => replica)).toBe('old');
      await vi.advanceTimersByTimeAsync(5000);
      expect(await cache.get('k', async () => replica)).toBe('new');
      invalidateProjectReads();
      expect(vi.getTimerCount()).toBe(1);
      releaseProjectReadCache(cache);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a URL answered before from its kept bytes while they are kept, never after', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(2, 1_000);
      const schema = z.object({ data: z.object({ n: z.number() }) });
      let n = 0;
      const load = async () => ({ n: (n += 1) });
      expect(cache.keptAnswerOf('/a?x=1'), 'never answered').toBeUndefined();
      const first = await cache.answerFor('/a?x=1', 'a|1', schema, load);
      expect(cache.keptAnswerOf('/a?x=1')).toBe(first);
      // Another URL for the same answer shares its bytes.
      await cache.answerFor('/a?x=1&y=', 'a|1', schema, load);
      expect(cache.keptAnswerOf('/a?x=1&y=')).toBe(first);
      expect(cache.stats).toEqual({ hits: 3, misses: 1, urlHits: 2 });
      // Emptied (a write): the URL goes the whole way and gets the new answer.
      cache.clear();
      expect(cache.keptAnswerOf('/a?x=1')).toBeUndefined();
      const second = await cache.answerFor('/a?x=1', 'a|1', schema, load);
      expect(JSON.parse(second.toString()).data).toEqual({ n: 2 });
      expect(cache.keptAnswerOf('/a?x=1')).toBe(second);
      // Past its age, and when caching is off, nothing is kept.
      vi.advanceTimersByTime(1_000);
      expect(cache.keptAnswerOf('/a?x=1')).toBeUndefined();
      await cache.answerFor('/a?x=1', 'a|1', schema, load);
      cache.enabled = false;
      expect(cache.keptAnswerOf('/a?x=1')).toBeUndefined();
      cache.enabled = true;
      // At most maxEntries URLs are remembered, the oldest forgotten first.
      await cache.answerFor('/b', 'b', schema, load);
      await cache.answerFor('/c', 'c', schema, load);
      expect(cache.keptAnswerOf('/a?x=1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not cache failures', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('counts hits and misses, and reads through while caching is off', async () => {
    const cache = createProjectReadCache();
    const before = projectReadCacheStats();
    let loads = 0;
    const load = async () => (loads += 1);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(cache.stats).toEqual({ hits: 1, misses: 1, urlHits: 0 });
    setProjectReadCaching(false);
    try {
      expect(await cache.get('k', load)).toBe(2);
      expect(await cache.get('k', load)).toBe(3);
      const fresh = createProjectReadCache();
      expect(await fresh.get('k', load)).toBe(4);
      releaseProjectReadCache(fresh);
    } finally {
      setProjectReadCaching(true);
    }
    expect(await cache.get('k', load)).toBe(5);
    expect(await cache.get('k', load)).toBe(5);
    const after = projectReadCacheStats();
    expect(after.hits - before.hits).toBe(2);
    expect(after.misses - before.misses).toBe(4);
    releaseProjectReadCache(cache);
  });
});
