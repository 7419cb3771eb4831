import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { AnswerAddresses } from './answer-addresses';
import { ok } from './envelope';
import { sendJsonBytes } from './json-bytes';
import type { ReadQueue } from './read-queue';

/**
 * In-process cache of hot public reads (docs/architecture.md). Entries are keyed by the normalised
 * request; concurrent misses of one key share a single database call. Any write to the data the
 * cache covers calls `invalidateProjectReads()`, which empties every cache at once; a read that
 * started before an invalidation never stores its (possibly stale) answer.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Request URLs answered lately, each with the key its answer is kept under (`answerFor`). */
  private readonly answeredUrls: AnswerAddresses<string>;
  private generation = 0;
  /** Off: every read goes to the database (see `setProjectReadCaching`). */
  enabled = true;
  /**
   * The line every answer's load waits in for its share of the database (a 503 when it is
   * full); none for a cache of its own (tests). Values read by an answer's load, and the few
   * values routes read outside an answer, do not wait in it again: a load holding a place never
   * waits for another.
   */
  queue: ReadQueue | undefined;
  /**
   * Reads answered from memory or from a load already in flight, and reads that loaded; of the
   * hits, those answered by their URL (`keptAnswerOf`).
   */
  readonly stats = { hits: 0, misses: 0, urlHits: 0 };

  private settleTimer: NodeJS.Timeout | undefined;

  /**
   * @param maxEntries entries kept before the oldest is dropped
   * @param ttlMs upper bound on an entry's life in milliseconds, a safety net behind invalidation
   * @param settleMs when reads go to a replica: after an invalidation the cache empties once more
   *   this many milliseconds later, so an answer read from a replica that had not yet replayed the
   *   write is not kept for the whole `ttlMs`; 0 when reads go to the primary
   */
  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 60_000,
    private readonly settleMs = 0,
  ) {
    this.answeredUrls = new AnswerAddresses(maxEntries);
  }

  /**
   * The cached value of `key`, or the result of `load()` stored under it.
   * @param maxAgeMs a shorter life for this entry than the cache's own (what invalidation does
   *   not see, e.g. a count that moves without a write to the data the cache covers)
   */
  async get<T>(key: string, load: () => Promise<T>, maxAgeMs = this.ttlMs): Promise<T> {
    if (!this.enabled) {
      this.stats.misses += 1;
      return load();
    }
    const entry = this.entries.get(key);
    const fresh = entry && entry.expiresAt > Date.now() ? entry : undefined;
    const inFlight = this.pending.get(key);
    if (fresh || inFlight) this.stats.hits += 1;
    if (fresh) return fresh.value as T;
    if (inFlight) return inFlight as Promise<T>;
    this.stats.misses += 1;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (this.generation === startedAt) this.store(key, value, maxAgeMs);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Forgets every entry and every read in flight (and again after `settleMs`, if set). */
  clear(): void {
    this.forget();
    if (this.settleMs <= 0) return;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.forget(), this.settleMs);
    this.settleTimer.unref();
  }

  /**
   * Forgets the kept answer of `key` (see `answer`) and a load of it in flight, in this cache
   * only: for a change that touches one answer and is not worth emptying every cache for.
   */
  forgetAnswer(key: string): void {
    this.entries.delete(`answer|${key}`);
    this.pending.delete(`answer|${key}`);
  }

  /** Stops a pending second emptying (the application is closing). */
  dispose(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
  }

  private forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  /**
   * The answer of a route as JSON bytes, kept under `key` like any value (docs/architecture.md,
   * "Kept answers of public reads"): the envelope of `load()`'s value encoded through `schema`
   * (the route's own response schema, exactly what its serializer would do) and written once, so
   * a hit costs neither the encode nor the JSON writing. Send it with `sendJsonBytes`.
   */
  answer(
    key: string,
    schema: z.ZodType,
    load: () => Promise<unknown>,
    maxAgeMs = this.ttlMs,
  ): Promise<Buffer> {
    const write = async () => Buffer.from(JSON.stringify(z.encode(schema, ok(await load()))));
    const queue = this.queue;
    return this.get(`answer|${key}`, queue ? () => queue.run(write) : write, maxAgeMs);
  }

  /**
   * `answer` for the request of `url`, remembering the key its answer is kept under (the
   * `maxEntries` latest URLs), so the same URL is answered from the kept bytes before its query
   * is parsed and checked again (`keptAnswerOf`, `answerKeptByUrl`). Only for an answer that is
   * a function of the URL alone: nothing from the caller, the clock or a header in its key.
   */
  async answerFor(
    url: string,
    key: string,
    schema: z.ZodType,
    load: () => Promise<unknown>,
    maxAgeMs = this.ttlMs,
  ): Promise<Buffer> {
    const body = await this.answer(key, schema, load, maxAgeMs);
    this.answeredUrls.set(url, key);
    return body;
  }

  /**
   * The bytes `url` was answered with (`answerFor`) while they are still kept: not after the
   * cache was emptied, nor past their age; otherwise undefined, and the request goes the whole
   * way. A hit counts as one.
   */
  keptAnswerOf(url: string): Buffer | undefined {
    if (!this.enabled) return undefined;
    const key = this.answeredUrls.get(url);
    if (key === undefined) return undefined;
    const entry = this.entries.get(`answer|${key}`);
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    this.stats.hits += 1;
    this.stats.urlHits += 1;
    return entry.value as Buffer;
  }

  private store(key: string, value: unknown, maxAgeMs: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + Math.min(maxAgeMs, this.ttlMs) });
  }
}

/**
 * A route's `onRequest` hook answering a URL asked before from the bytes kept for it
 * (`ReadCache.keptAnswerOf`), before its query is parsed and checked again; the route's handler
 * must answer through `answerFor`. Checking the same text again would give the same values,
 * and a URL enters only once its checks passed.
 */
export function answerKeptByUrl(cache: ReadCache) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = cache.keptAnswerOf(request.url);
    if (body) return sendJsonBytes(reply, { body }, false);
  };
}

const liveCaches = new Set<ReadCache>();
const relays = new Set<RedisReadCacheRelay>();
let caching = true;

/**
 * How long a read replica may lag behind the primary before the caches stop trusting what it
 * answered right after a write, ms. Streaming replication on one site replays in well under a
 * second; the margin covers a busy replica.
 */
export const REPLICA_SETTLE_MS = 5000;

/**
 * A cache registered for `invalidateProjectReads`; one per application instance.
 * @param settleMs see `ReadCache`; `REPLICA_SETTLE_MS` when public reads go to a replica
 */
export function createProjectReadCache(settleMs = 0): ReadCache {
  const cache = new ReadCache(undefined, undefined, settleMs);
  cache.enabled = caching;
  liveCaches.add(cache);
  return cache;
}

/**
 * The read cache of one module of `app`: it settles for replica lag when `app` reads from a
 * replica, and is released when `app` closes.
 */
export function createAppReadCache(app: FastifyInstance): ReadCache {
  const cache = createProjectReadCache(app.readDatabase ? REPLICA_SETTLE_MS : 0);
  cache.queue = app.publicReads;
  app.addHook('onClose', async () => releaseProjectReadCache(cache));
  return cache;
}

/**
 * Turns the project read caches of this process off (every public read goes to the database)
 * or on again. Used to measure what the database itself costs (bench/map-queries.ts) and to
 * rule the caches out when an answer looks stale.
 */
export function setProjectReadCaching(enabled: boolean): void {
  caching = enabled;
  for (const cache of liveCaches) {
    cache.enabled = enabled;
    cache.clear();
  }
}

/** Hits (of them, by URL) and misses summed over the live project read caches since they were made. */
export function projectReadCacheStats(): { hits: number; misses: number; urlHits: number } {
  let hits = 0;
  let misses = 0;
  let urlHits = 0;
  for (const cache of liveCaches) {
    hits += cache.stats.hits;
    misses += cache.stats.misses;
    urlHits += cache.stats.urlHits;
  }
  return { hits, misses, urlHits };
}

/** Drops a cache when its application closes. */
export function releaseProjectReadCache(cache: ReadCache): void {
  cache.dispose();
  liveCaches.delete(cache);
}

/**
 * Call after a citizen's 收藏 of a project moved its 关注人数: this process's kept anonymous page
 * of the project is written again at the next request. Other instances keep theirs for
 * `PROJECT_FOLLOWERS_MAX_AGE_MS` at most (docs/architecture.md, "Kept answers of public reads").
 */
export function forgetProjectFollowers(projectId: number): void {
  for (const cache of liveCaches) cache.forgetAnswer(`detail|${projectId}`);
}

/** Empties the caches of this process only (an invalidation that came from another instance). */
function clearLocalProjectReads(): void {
  for (const cache of liveCaches) cache.clear();
}

/**
 * Call after every write to projects, their tags, house models, albums, licences, companies or
 * project news: the public project lists and pages are re-read from the database at once, in
 * this process and, through Redis when several instances run, in every other one.
 */
export function invalidateProjectReads(): void {
  clearLocalProjectReads();
  for (const relay of relays) relay.publish();
}

/**
 * Carries invalidations between instances over the Redis channel
 * `<prefix>read-cache:invalidate`. Each message names its sender, which ignores its own. A
 * subscriber that reconnects may have missed messages, so it empties its caches then as well.
 * Needs two connections (a subscribed one cannot publish).
 */
export class RedisReadCacheRelay {
  private readonly id = randomBytes(8).toString('hex');
  private readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    prefix: string,
    onRemoteInvalidate: () => void,
    private readonly onError: (error: Error) => void,
  ) {
    this.channel = `${prefix}read-cache:invalidate`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 3000 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 3000 });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    let connections = 0;
    this.subscriber.on('ready', () => {
      connections += 1;
      if (connections > 1) onRemoteInvalidate();
    });
    this.subscriber.on('message', (channel: string, sender: string) => {
      if (channel === this.channel && sender !== this.id) onRemoteInvalidate();
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  /** Resolves once the channel subscription is in place. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /** Tells the other instances to empty their caches; a failure is reported, never thrown. */
  publish(): void {
    this.publisher.publish(this.channel, this.id).catch(this.onError);
  }

  async close(): Promise<void> {
    // A subscriber waiting for an unreachable Redis never finishes QUIT: drop it at once.
    await Promise.allSettled([this.subscriber.disconnect(), this.publisher.quit()]);
  }
}

/** How long start-up waits for the invalidation channel before going on without it, ms. */
const RELAY_READY_WAIT_MS = 5000;

/**
 * With REDIS_URL set, joins this instance to the invalidation channel of the project read
 * caches (docs/architecture.md); without it, invalidation stays in process.
 */
export const projectReadCacheRelayPlugin: FastifyPluginAsync<{
  redisUrl?: string;
  redisPrefix: string;
}> = async (app, { redisUrl, redisPrefix }) => {
  if (!redisUrl) return;
  const relay = new RedisReadCacheRelay(redisUrl, redisPrefix, clearLocalProjectReads, (error) =>
    app.log.warn({ err: error }, 'read-cache relay redis error'),
  );
  relays.add(relay);
  app.addHook('onClose', async () => {
    relays.delete(relay);
    await relay.close();
  });
  const timeout = new Promise<'timeout'>((resolve) => {
    setTimeout(() => resolve('timeout'), RELAY_READY_WAIT_MS).unref();
  });
  if ((await Promise.race([relay.whenReady(), timeout])) === 'timeout') {
    app.log.warn('read caches: Redis not reachable yet, cross-instance invalidation waits for it');
  }
};
