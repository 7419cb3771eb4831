import { describe, expect, it } from 'vitest';
import { BatchedReads, RoomsSnapshotCache } from './rooms-snapshot';

describe('rooms snapshot cache', () => {
  it('serves rows only at the version they were kept at', () => {
    const cache = new RoomsSnapshotCache<number>();
    cache.set('a', 7, [1, 2]);
    expect(cache.get('a', 7)).toEqual([1, 2]);
    expect(cache.get('a', 8)).toBeUndefined();
    expect(cache.get('b', 7)).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('shares one read among the misses of a key at one version, never across versions', async () => {
    const cache = new RoomsSnapshotCache<number>();
    const started: number[] = [];
    const release: Array<(rows: number[]) => void> = [];
    const read = (version: number) => () => {
      started.push(version);
      return new Promise<number[]>((resolve) => release.push(resolve));
    };
    const first = cache.rowsAt('a', 1, read(1));
    const second = cache.rowsAt('a', 1, read(1));
    const newer = cache.rowsAt('a', 2, read(2));
    const sameNewer = cache.rowsAt('a', 2, read(2));
    expect(started, 'one read per version').toEqual([1, 2]);
    expect(cache.joined).toBe(2);
    release[0]?.([10]);
    release[1]?.([20]);
    expect(await Promise.all([first, second, newer, sameNewer])).toEqual([[10], [10], [20], [20]]);
    expect(cache.get('a', 2), 'the newest rows are kept').toEqual([20]);
    expect(await cache.rowsAt('a', 2, read(2)), 'then served from memory').toEqual([20]);
    expect(started).toEqual([1, 2]);
  });

  it('reads again after a failed or empty read, and keeps no empty rows', async () => {
    const cache = new RoomsSnapshotCache<number>();
    let reads = 0;
    await expect(
      cache.rowsAt('a', 1, () => {
        reads += 1;
        return Promise.reject(new Error('connection lost'));
      }),
    ).rejects.toThrow('connection lost');
    const empty = () => {
      reads += 1;
      return Promise.resolve([] as number[]);
    };
    expect(await cache.rowsAt('a', 1, empty)).toEqual([]);
    expect(await cache.rowsAt('a', 1, empty)).toEqual([]);
    expect(reads).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used answers beyond its entry and row bounds', () => {
    const cache = new RoomsSnapshotCache<number>({ entries: 2, rows: 4 });
    cache.set('a', 1, [1]);
    cache.set('b', 1, [1]);
    expect(cache.get('a', 1)).toEqual([1]);
    cache.set('c', 1, [1]);
    expect(cache.get('b', 1), 'b was the least recently used').toBeUndefined();
    expect(cache.get('a', 1)).toEqual([1]);
    cache.set('d', 1, [1, 2, 3, 4]);
    expect(cache.size).toBe(1);
    expect(cache.rows).toBe(4);
    cache.set('d', 2, [1, 2]);
    expect({ size: cache.size, rows: cache.rows }).toEqual({ size: 1, rows: 2 });
  });

  it('keeps a written answer only at its version and until its deadline', () => {
    const cache = new RoomsSnapshotCache<number>();
    const answer = { body: Buffer.from('{}'), validUntil: 1_000 };
    cache.setAnswer('a', 1, answer);
    expect(cache.getAnswer('a', 1, 0), 'no rows kept yet: nothing to attach to').toBeUndefined();
    cache.set('a', 1, [1]);
    cache.setAnswer('a', 1, answer);
    expect(cache.getAnswer('a', 1, 999)).toBe(answer);
    expect(cache.getAnswer('a', 1, 1_000), 'its deadline has passed').toBeUndefined();
    expect(cache.getAnswer('a', 2, 0)).toBeUndefined();
    cache.set('a', 2, [1]);
    expect(cache.getAnswer('a', 2, 0), 'new rows drop the old answer').toBeUndefined();
  });
});

describe('kept answers by request URL', () => {
  it('serves a kept answer by its key under the checks of getAnswer, as a hit', () => {
    const cache = new RoomsSnapshotCache<number>({ entries: 2, rows: 10 });
    const answer = { body: Buffer.from('{}'), validUntil: 1_000 };
    cache.set('a', 1, [1]);
    cache.setAnswer('a', 1, answer);
    cache.set('b', 1, [1]);
    expect(cache.keptAnswer('a', 1, 999)).toBe(answer);
    expect(cache.keptAnswer('a', 1, 1_000), 'its deadline has passed').toBeUndefined();
    expect(cache.keptAnswer('a', 2, 0), 'another version').toBeUndefined();
    expect(cache.keptAnswer('a', 1, 0, true), 'no gzip copy written yet').toBeUndefined();
    expect({ hits: cache.hits, keptHits: cache.keptHits }).toEqual({ hits: 1, keptHits: 1 });
    // The hit made `a` the most recently used: `b` goes first.
    cache.set('c', 1, [1]);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.keptAnswer('a', 1, 0)).toBe(answer);
  });
});

describe('batched reads', () => {
  /** A read whose answers the test releases one by one, each returning the value at its start. */
  function controlledReads() {
    let value = 0;
    const pending: Array<() => void> = [];
    const asked: string[][] = [];
    const reads = new BatchedReads<string, number>((keys) => {
      const seen = value;
      asked.push(keys);
      return new Promise<Map<string, number>>((resolve) =>
        pending.push(() => resolve(new Map(keys.map((key) => [key, seen])))),
      );
    });
    return {
      reads,
      asked,
      change: () => (value += 1),
      release: async () => {
        pending.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
      },
      get waiting() {
        return pending.length;
      },
    };
  }

  it('runs one read for callers that ask while it waits to start, and one more at most', async () => {
    const c = controlledReads();
    const first = c.reads.get('k');
    const queued = Array.from({ length: 20 }, () => c.reads.get('k'));
    expect(c.waiting, 'only the first read has started').toBe(1);
    await c.release();
    expect(await first).toBe(0);
    expect(c.waiting, 'the twenty queued callers share one read').toBe(1);
    await c.release();
    expect(await Promise.all(queued)).toEqual(Array(20).fill(0));
    expect({ reads: c.reads.reads, calls: c.reads.calls }).toEqual({ reads: 2, calls: 21 });
  });

  it('reads every key the waiting callers asked for in one read', async () => {
    const c = controlledReads();
    const first = c.reads.get('a');
    const others = ['b', 'c', 'b', 'd'].map((key) => c.reads.get(key));
    await c.release();
    await c.release();
    expect(await first).toBe(0);
    expect(await Promise.all(others)).toEqual([0, 0, 0, 0]);
    expect(c.asked).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('never answers a caller with a read that started before it asked', async () => {
    const c = controlledReads();
    const before = c.reads.get('k');
    c.change();
    const after = c.reads.get('k');
    await c.release();
    await c.release();
    expect(await before, 'started before the change').toBe(0);
    expect(await after, 'asked after the change: read again').toBe(1);
    // Once all reads are done, the next caller starts a fresh read at once.
    c.change();
    const later = c.reads.get('k');
    expect(c.waiting).toBe(1);
    await c.release();
    expect(await later).toBe(2);
  });

  it('answers undefined for a key the read did not find, and survives a failed read', async () => {
    let fail = true;
    const reads = new BatchedReads<string, string>(async (keys) => {
      if (fail) {
        fail = false;
        throw new Error('connection lost');
      }
      return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, key]));
    });
    const a = reads.get('a');
    const b = reads.get('b');
    await expect(a).rejects.toThrow('connection lost');
    expect(await b).toBe('b');
    expect(await reads.get('a')).toBe('a');
    expect(await reads.get('gone')).toBeUndefined();
  });
});
