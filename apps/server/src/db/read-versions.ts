import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { type HeardVersions, watchVersions } from './heard-versions';
import { preparedStatement } from './prepared';
import { readVersions } from './schema/index';

/** The reads whose answers have a version (a row of `read_versions`, bumped by triggers). */
export type ReadVersionName = 'listing_search';

/** The channel on which each new version is announced as '<name>:<version>'. */
const VERSION_CHANNEL = 'read_versions';

const STATEMENT = 'read_version_by_name';
const versionStatement = (db: Db) =>
  preparedStatement(db, STATEMENT, (handle) =>
    handle
      .select({ version: readVersions.version })
      .from(readVersions)
      .where(eq(readVersions.name, sql.placeholder('name')))
      .prepare(STATEMENT),
  );

/**
 * Version reads shared by the callers that asked while one was waiting to start, never by a
 * caller that asked after a read had started: each caller gets a value read wholly after it
 * asked, so a change committed before its request is always seen, yet however many ask at once,
 * at most one read runs and one waits.
 */
export class VersionReads {
  private readonly flights = new Map<
    string,
    { running: Promise<number>; queued?: Promise<number> }
  >();
  /** Reads made, and calls answered, since start (for tests). */
  reads = 0;
  calls = 0;

  constructor(private readonly db: Db) {}

  get(name: ReadVersionName): Promise<number> {
    this.calls += 1;
    const flight = this.flights.get(name);
    if (!flight) return this.start(name);
    flight.queued ??= flight.running.then(
      () => this.start(name),
      () => this.start(name),
    );
    return flight.queued;
  }

  private start(name: ReadVersionName): Promise<number> {
    this.reads += 1;
    const running = versionStatement(this.db)
      .execute({ name })
      .then(([row]) => (row ? Number(row.version) : 0));
    const flight = this.flights.get(name);
    if (flight) {
      flight.running = running;
      flight.queued = undefined;
    } else {
      this.flights.set(name, { running });
    }
    const settle = () => {
      const current = this.flights.get(name);
      if (current?.running === running && !current.queued) this.flights.delete(name);
    };
    running.then(settle, settle);
    return running;
  }
}

const reads = new WeakMap<Db, VersionReads>();

/** The shared version reads of one database handle (each test database has its own). */
export function versionReadsOf(db: Db): VersionReads {
  let found = reads.get(db);
  if (!found) {
    found = new VersionReads(db);
    reads.set(db, found);
  }
  return found;
}

const heardVersions = new WeakMap<Db, HeardVersions<string>>();

function parseVersion(payload: string): [string, number] | null {
  const at = payload.lastIndexOf(':');
  const version = Number(payload.slice(at + 1));
  return at > 0 && Number.isFinite(version) ? [payload.slice(0, at), version] : null;
}

/**
 * Keeps the read versions of `database` in memory until the returned stop is called: heard in
 * process on the embedded database (which delivers a transaction's notification before its
 * commit returns), and through the version feed on PostgreSQL, trusted there only while the
 * feed is fresh (docs/decisions/0082-versions-heard-on-postgresql.md). Otherwise every request
 * reads the version row (shared by concurrent callers).
 */
export async function watchReadVersions(database: Database): Promise<() => Promise<void>> {
  const watched = await watchVersions(database, VERSION_CHANNEL, parseVersion);
  if (!watched) return async () => undefined;
  heardVersions.set(database.db, watched.versions);
  return async () => {
    if (heardVersions.get(database.db) === watched.versions) heardVersions.delete(database.db);
    await watched.stop();
  };
}

/**
 * The current version of a read's answers: from memory while the versions heard are current
 * (`watchReadVersions`), else one primary-key read shared by the callers waiting for it. Read
 * before the answer: a change committed in between leaves an answer under the older version,
 * which only costs a second production.
 */
export async function readVersion(db: Db, name: ReadVersionName): Promise<number> {
  const heard = heardVersions.get(db);
  const kept = heard?.get(name);
  if (kept !== undefined) return kept;
  const start = heard?.readStart();
  const version = await versionReadsOf(db).get(name);
  if (heard && start !== undefined && heardVersions.get(db) === heard) {
    heard.read(name, version, start);
  }
  return version;
}
