import type { Database } from './client';
import type { VersionFeed } from './version-feed';

/** What a caller learns about the feed when it starts reading a version from the database. */
export type ReadStart = number;

/**
 * Versions heard from the database, kept as the highest seen per key. Trusted at every moment
 * on the embedded database (which delivers a notification before its writer's commit returns);
 * on PostgreSQL only while the feed is fresh (`VersionFeed`,
 * docs/decisions/0082-versions-heard-on-postgresql.md).
 */
export class HeardVersions<K> {
  private readonly versions = new Map<K, number>();

  constructor(private readonly feed: VersionFeed | null) {}

  /** The version of `key`, when it is known to be current. */
  get(key: K): number | undefined {
    if (this.feed && !this.feed.fresh()) return undefined;
    return this.versions.get(key);
  }

  /** A notification's version. */
  heard(key: K, version: number): void {
    const known = this.versions.get(key);
    if (known === undefined || version > known) this.versions.set(key, version);
  }

  /** Call before reading a version from the database; pass the result to `read`. */
  readStart(): ReadStart {
    return this.feed ? this.feed.generation : 0;
  }

  /**
   * A version read from the database: kept unless the feed's connection was lost or made anew
   * since the read began (a change in that time may not have been heard). Notifications since
   * the read began are kept already, and win if newer.
   */
  read(key: K, version: number, start: ReadStart): void {
    if (this.feed && this.feed.generation !== start) return;
    this.heard(key, version);
  }

  forget(): void {
    this.versions.clear();
  }
}

/**
 * Keeps the versions `database` announces on `channel` (each payload parsed by `parse`) until
 * the returned stop is called: in process on the embedded database, through the feed's own
 * connection on PostgreSQL. Null when the database announces nothing this process can hear.
 */
export async function watchVersions<K>(
  database: Database,
  channel: string,
  parse: (payload: string) => [K, number] | null,
): Promise<{ versions: HeardVersions<K>; stop: () => Promise<void> } | null> {
  const feed = database.feed ?? null;
  const versions = new HeardVersions<K>(feed);
  const onPayload = (payload: string) => {
    const parsed = parse(payload);
    if (parsed) versions.heard(parsed[0], parsed[1]);
  };
  if (feed) {
    const stop = await feed.subscribe(channel, onPayload, () => versions.forget());
    return { versions, stop };
  }
  if (!database.listen) return null;
  const unlisten = await database.listen(channel, onPayload);
  // A database already closed (or lost) has nothing left to stop.
  return { versions, stop: () => unlisten().catch(() => undefined) };
}
