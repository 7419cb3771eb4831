import type { Database, Db } from '../../db/client';
import { type HeardVersions, watchVersions } from '../../db/heard-versions';
import { selectBuildingVersions } from './building-versions.queries';

/**
 * How many (building, unit, 面积 band) answers one instance keeps, and how many room rows in all
 * (a few hundred bytes each, so some tens of MB at most); the least recently used go first.
 */
export const ROOMS_SNAPSHOT_LIMIT = { entries: 4096, rows: 100_000 };

/**
 * An answer written once from a snapshot's rows, good until `validUntil` (epoch ms), with its
 * gzip copy once a client that accepts gzip asked for it.
 */
export interface SnapshotAnswer {
  body: Buffer;
  gzip?: Buffer;
  validUntil: number;
}

interface Snapshot<T> {
  version: number;
  rows: T[];
  answer?: SnapshotAnswer;
}

/**
 * The stored rows of recently read (building, unit, 面积 band) answers, each with the version of
 * its building read before the rows (docs/decisions/0036-building-table-snapshot.md). A bounded
 * LRU: a `Map` keeps insertion order, so a hit moves its entry to the end and the first entry is
 * the one to drop.
 */
export class RoomsSnapshotCache<T> {
  private readonly entries = new Map<string, Snapshot<T>>();
  /** Rows being read per key, with the version they are read at (`rowsAt`). */
  private readonly reading = new Map<string, { version: number; rows: Promise<T[]> }>();
  private rowCount = 0;
  /** Answers served from a snapshot / read from the database, since start (for tests and metrics). */
  hits = 0;
  misses = 0;
  /** Misses that joined a read of the same key and version already under way. */
  joined = 0;
  /** Hits answered by `keptAnswer` (a request URL answered before), since start. */
  keptHits = 0;

  constructor(private readonly limit = ROOMS_SNAPSHOT_LIMIT) {}

  /** The rows stored under `key` when they were read at `version`; otherwise undefined. */
  get(key: string, version: number): T[] | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      this.misses += 1;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.rows;
  }

  /**
   * The rows kept under `key` at `version`, else the rows `read` returns, kept for the next
   * caller when there are any. Callers missing the same key at the same version while a read
   * is under way share it: after a change, the viewers of a unit re-reading it at once cost one
   * statement, not one each (which queued them all for the pool's connections, ahead of the
   * bookings). Sharing is exact: every caller read `version` itself, after it asked, and the
   * shared read began after that version was current, so its rows hold every change up to it
   * (docs/decisions/0036-building-table-snapshot.md).
   */
  rowsAt(key: string, version: number, read: () => Promise<T[]>): Promise<T[]> {
    const kept = this.get(key, version);
    if (kept) return Promise.resolve(kept);
    const under = this.reading.get(key);
    if (under && under.version === version) {
      this.joined += 1;
      return under.rows;
    }
    const rows = read().then((found) => {
      if (found.length > 0) this.set(key, version, found);
      return found;
    });
    const flight = { version, rows };
    this.reading.set(key, flight);
    const settle = () => {
      if (this.reading.get(key) === flight) this.reading.delete(key);
    };
    rows.then(settle, settle);
    return rows;
  }

  /**
   * The answer written from the rows kept under `key` at `version`, while it is still true at
   * `now` (an answer holding a payment deadline reads differently once it has passed).
   */
  getAnswer(key: string, version: number, now: number): SnapshotAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry?.answer || entry.version !== version || now >= entry.answer.validUntil) {
      return undefined;
    }
    return entry.answer;
  }

  /**
   * `getAnswer` for a request answered without its rows (`keptRoomsAnswer`), only when it has
   * the gzip copy if `gzip` asks for one: a hit counts and keeps its entry from being the next
   * to go, as `get` does.
   */
  keptAnswer(key: string, version: number, now: number, gzip = false): SnapshotAnswer | undefined {
    const answer = this.getAnswer(key, version, now);
    if (!answer || (gzip && !answer.gzip)) return undefined;
    const entry = this.entries.get(key) as Snapshot<T>;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    this.keptHits += 1;
    return answer;
  }

  /** Keeps the answer written from the rows kept under `key` at `version` (if still kept). */
  setAnswer(key: string, version: number, answer: SnapshotAnswer): void {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) entry.answer = answer;
  }

  set(key: string, version: number, rows: T[]): void {
    this.drop(key);
    this.entries.set(key, { version, rows });
    this.rowCount += rows.length;
    while (this.entries.size > this.limit.entries || this.rowCount > this.limit.rows) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.rowCount -= entry.rows.length;
  }

  /** Room rows kept in all. */
  get rows(): number {
    return this.rowCount;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, RoomsSnapshotCache<unknown>>();

/** The snapshot cache of one database handle (each test database has its own). */
export function roomsSnapshotCache<T>(db: Db): RoomsSnapshotCache<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RoomsSnapshotCache<unknown>();
    caches.set(db, cache);
  }
  return cache as RoomsSnapshotCache<T>;
}

/**
 * Reads shared by the callers that asked while they were waiting to start, never by one that
 * asked after a read had started: each caller gets a value read wholly after it asked, so a
 * change committed before the call is always seen. At most one read runs at a time and one
 * waits; the waiting one reads every key its callers asked for in one go, so however many
 * callers ask, for however many keys, the database answers one statement at a time
 * (docs/decisions/0036-building-table-snapshot.md).
 */
export class BatchedReads<K, V> {
  private running?: Promise<unknown>;
  private queued?: { keys: Set<K>; values: Promise<Map<K, V>> };
  /** Reads actually made, and calls answered, since start (for tests and metrics). */
  reads = 0;
  calls = 0;

  constructor(private readonly readMany: (keys: K[]) => Promise<Map<K, V>>) {}

  async get(key: K): Promise<V | undefined> {
    this.calls += 1;
    const values = this.running ? this.join(key) : this.start(new Set([key]));
    return (await values).get(key);
  }

  /** Joins the read that starts once the running one has settled. */
  private join(key: K): Promise<Map<K, V>> {
    if (!this.queued) {
      const keys = new Set<K>();
      const after = () => this.start(keys);
      const values = (this.running ?? Promise.resolve()).then(after, after);
      this.queued = { keys, values };
    }
    this.queued.keys.add(key);
    return this.queued.values;
  }

  private start(keys: Set<K>): Promise<Map<K, V>> {
    if (this.queued?.keys === keys) this.queued = undefined;
    this.reads += 1;
    const values = this.readMany([...keys]);
    this.running = values;
    const settle = () => {
      if (this.running === values) this.running = undefined;
    };
    values.then(settle, settle);
    return values;
  }
}

const versionReads = new WeakMap<Db, BatchedReads<number, number>>();

const heardVersions = new WeakMap<Db, HeardVersions<number>>();

/** The channel on which each new building version is announced (migration 0022). */
const VERSION_CHANNEL = 'building_versions';

function parseVersion(payload: string): [number, number] | null {
  const [building, version] = payload.split(':').map(Number);
  return Number.isInteger(building) && Number.isFinite(version)
    ? [building as number, version as number]
    : null;
}

/**
 * Keeps the building versions of `database` in memory while the returned stop is not called:
 * heard in process on the embedded database, and through the version feed on PostgreSQL
 * (docs/decisions/0082-versions-heard-on-postgresql.md), trusted there only while the feed is
 * fresh. Otherwise each request reads the version, shared by concurrent callers.
 */
export async function watchBuildingVersions(database: Database): Promise<() => Promise<void>> {
  const watched = await watchVersions(database, VERSION_CHANNEL, parseVersion);
  if (!watched) return async () => undefined;
  heardVersions.set(database.db, watched.versions);
  return async () => {
    if (heardVersions.get(database.db) === watched.versions) heardVersions.delete(database.db);
    await watched.stop();
  };
}

/**
 * The current version of a building's table answer: from memory while the versions heard are
 * current (`watchBuildingVersions`), else one read shared by the callers waiting for it, of every
 * building they asked for (`BatchedReads`); null when the building has none yet (then nothing is
 * cached for it). Read before the rows: a change that commits in between leaves a snapshot under
 * the older version, which only costs a second read.
 */
export async function readBuildingVersion(db: Db, buildingId: number): Promise<number | null> {
  const heard = heardVersions.get(db);
  const kept = heard?.get(buildingId);
  if (kept !== undefined) return kept;
  const start = heard?.readStart();
  const version = (await buildingVersionReads(db).get(buildingId)) ?? null;
  if (version !== null && heard && start !== undefined && heardVersions.get(db) === heard) {
    heard.read(buildingId, version, start);
  }
  return version;
}

/** The shared version reads of one database handle (each test database has its own). */
export function buildingVersionReads(db: Db): BatchedReads<number, number> {
  let reads = versionReads.get(db);
  if (!reads) {
    reads = new BatchedReads((ids) => selectBuildingVersions(db, ids));
    versionReads.set(db, reads);
  }
  return reads;
}
