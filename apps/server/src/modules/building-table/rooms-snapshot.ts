import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { buildingVersions } from '../../db/schema/index';

/**
 * How many (building, unit, 面积 band) answers one instance keeps, and how many room rows in all
 * (a few hundred bytes each, so some tens of MB at most); the least recently used go first.
 */
export const ROOMS_SNAPSHOT_LIMIT = { entries: 4096, rows: 100_000 };

interface Snapshot<T> {
  version: number;
  rows: T[];
}

/**
 * The stored rows of recently read (building, unit, 面积 band) answers, each with the version of
 * its building read before the rows (docs/decisions/0036-building-table-snapshot.md). A bounded
 * LRU: a `Map` keeps insertion order, so a hit moves its entry to the end and the first entry is
 * the one to drop.
 */
export class RoomsSnapshotCache<T> {
  private readonly entries = new Map<string, Snapshot<T>>();
  private rowCount = 0;
  /** Answers served from a snapshot / read from the database, since start (for tests and metrics). */
  hits = 0;
  misses = 0;

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

const BUILDING_VERSION = 'building_table_building_version';
const buildingVersionStatement = (db: Db) =>
  preparedStatement(db, BUILDING_VERSION, (handle) =>
    handle
      .select({ version: buildingVersions.version })
      .from(buildingVersions)
      .where(eq(buildingVersions.buildingId, sql.placeholder('buildingId')))
      .prepare(BUILDING_VERSION),
  );

/**
 * The current version of a building's table answer (one primary-key read), or null when the
 * building has none yet (then nothing is cached for it). Read before the rows: a change that
 * commits in between leaves a snapshot under the older version, which only costs a second read.
 */
export async function readBuildingVersion(db: Db, buildingId: number): Promise<number | null> {
  const [row] = await buildingVersionStatement(db).execute({ buildingId });
  return row ? Number(row.version) : null;
}
