import { describe, expect, it } from 'vitest';
import { RoomsSnapshotCache } from './rooms-snapshot';

describe('rooms snapshot cache', () => {
  it('serves rows only at the version they were kept at', () => {
    const cache = new RoomsSnapshotCache<number>();
    cache.set('a', 7, [1, 2]);
    expect(cache.get('a', 7)).toEqual([1, 2]);
    expect(cache.get('a', 8)).toBeUndefined();
    expect(cache.get('b', 7)).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
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
});
