/**
 * In-process cache of hot public reads (ARCHITECTURE §8). Entries are keyed by the normalised
 * request; concurrent misses of one key share a single database call. Any write to the data the
 * cache covers calls `invalidateProjectReads()`, which empties every cache at once; a read that
 * started before an invalidation never stores its (possibly stale) answer.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();
  private generation = 0;

  /**
   * @param maxEntries entries kept before the oldest is dropped
   * @param ttlMs upper bound on an entry's life in milliseconds, a safety net behind invalidation
   */
  constructor(
    private readonly maxEntries = 2000,
    private readonly ttlMs = 60_000,
  ) {}

  /** The cached value of `key`, or the result of `load()` stored under it. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as T;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (this.generation === startedAt) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Forgets every entry and every read in flight. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  private store(key: string, value: unknown): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }
}

const liveCaches = new Set<ReadCache>();

/** A cache registered for `invalidateProjectReads`; one per application instance. */
export function createProjectReadCache(): ReadCache {
  const cache = new ReadCache();
  liveCaches.add(cache);
  return cache;
}

/** Drops a cache when its application closes. */
export function releaseProjectReadCache(cache: ReadCache): void {
  liveCaches.delete(cache);
}

/**
 * Call after every write to projects, their tags, house models, albums, licences, companies or
 * project news: the public project lists and pages are re-read from the database at once.
 */
export function invalidateProjectReads(): void {
  for (const cache of liveCaches) cache.clear();
}
