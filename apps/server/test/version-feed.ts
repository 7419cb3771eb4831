import { sql } from 'drizzle-orm';
import { type Database, VERSION_FEED_APPLICATION } from '../src/db/client';

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('版本通知连接未在时限内就绪');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * PostgreSQL: ends the version feed's connection of `database` from the server side, as a
 * restart or a network cut would, and waits until the feed knows (docs/decisions/0082). It
 * connects again a second later.
 */
export async function loseFeedConnection(database: Database): Promise<void> {
  const feed = database.feed;
  if (!feed) throw new Error('only PostgreSQL has a version feed');
  const generation = feed.generation;
  await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${VERSION_FEED_APPLICATION} and datname = current_database()`,
  );
  await until(() => feed.generation > generation);
}

/**
 * How many version reads `viewers` requests at once made (`ask` each; `reads.calls` counted),
 * once the versions heard are current: at once on the embedded database; on PostgreSQL once
 * the feed is fresh, in a round during which this process wrote nothing (a background job's
 * write makes the feed read again until its fence comes back; such a round is asked again).
 */
export async function viewersWithoutWrites(
  database: Database,
  viewers: number,
  ask: () => Promise<unknown>,
  reads: { calls: number },
): Promise<number> {
  const feed = database.feed;
  for (let round = 0; ; round += 1) {
    if (feed) await until(() => feed.fresh());
    const writes = feed?.writes;
    await ask();
    const { calls } = reads;
    await Promise.all(Array.from({ length: viewers }, () => ask()));
    if (!feed || feed.writes === writes || round === 4) return reads.calls - calls;
  }
}
