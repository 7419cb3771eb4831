import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import { orderLogs, orders, rooms } from '../../db/schema/index';
import { freshBuyer, greenRoomIds } from './orders-test-helpers';

type Headers = { authorization: string };

const RACERS = 50;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let db: Db;

beforeAll(async () => {
  // On PostgreSQL every racer has a connection of its own (plus one for the test's row lock),
  // so none of the 50 waits for a free connection: they really run at once. PGlite has one.
  t = await createTestApp({ seedScale: 0.05, poolSize: RACERS + 2 });
  db = t.database.db;
  await recordTurnsToYellow();
});
afterAll(async () => t.dispose());

/**
 * A test-only trigger on this throw-away database: one row in `test_room_turns` each time a
 * room turns yellow (from any other colour), however the change was made.
 */
async function recordTurnsToYellow() {
  await db.execute(sql.raw('create table test_room_turns (room_id integer not null)'));
  await db.execute(
    sql.raw(`create function test_record_turn() returns trigger language plpgsql as $$
      begin insert into test_room_turns values (new.id); return new; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_room_turns after update of sale_status on rooms for each row
      when (old.sale_status is distinct from 'yellow' and new.sale_status = 'yellow')
      execute function test_record_turn()`),
  );
}

async function turnsToYellow(roomId: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from test_room_turns where room_id = ${roomId}`,
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
}

const createFor = (roomId: number) => (headers: Headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { houseId: roomId, agreed: true },
  });

/**
 * Requests of this database blocked on a lock at the room lock's conditional update (its
 * `update "rooms"`), read afresh: pg_stat_activity is otherwise one snapshot per transaction.
 */
async function blockedAtRoomUpdate(tx: Db): Promise<number> {
  await tx.execute(sql`select pg_stat_clear_snapshot()`);
  const result = await tx.execute(sql`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'
      and query like 'update "rooms" set "sale_status"%' and pid <> pg_backend_pid()`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
}

/**
 * PostgreSQL: holds the room's row lock while the requests start and lets go only once every
 * one of them is blocked on it at the conditional update, inside its own transaction on its own
 * connection (seen in pg_stat_activity), so all of them meet there at the same moment. Answers
 * the responses and the most requests seen waiting there at once.
 */
async function raceBehindRowLock(
  roomId: number,
  racers: Headers[],
): Promise<{ results: LightMyRequestResponse[]; waiting: number }> {
  let started: Promise<LightMyRequestResponse[]> = Promise.resolve([]);
  let waiting = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from rooms where id = ${roomId} for update`);
    started = Promise.all(racers.map(createFor(roomId)));
    const deadline = Date.now() + 30_000;
    while (waiting < racers.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      waiting = Math.max(waiting, await blockedAtRoomUpdate(tx as unknown as Db));
    }
  });
  return { results: await started, waiting };
}

describe('50 simultaneous orders for one room', () => {
  it('lets exactly one win; the room turns yellow once', async () => {
    expect(t.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    // Buyers of their own identities (seeded citizens may already hold a live order).
    const buyers: Array<{ authorization: string }> = [];
    for (let i = 0; i < RACERS; i += 1) buyers.push((await freshBuyer(db)).headers);
    expect(buyers.length).toBeGreaterThanOrEqual(10);
    const [room] = await greenRoomIds(db, 1);
    const roomId = room as number;
    const racers = Array.from({ length: RACERS }, (_, i) => buyers[i % buyers.length] as Headers);

    let results: LightMyRequestResponse[];
    if (onPostgres) {
      const race = await raceBehindRowLock(roomId, racers);
      // All 50 were inside their own transaction, blocked on the room, at the same time.
      expect(race.waiting).toBe(RACERS);
      results = race.results;
    } else {
      results = await Promise.all(racers.map(createFor(roomId)));
    }

    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode === 409);
    expect(losers).toHaveLength(RACERS - 1);
    expect(losers.every((r) => ['60002', '60003'].includes(r.json().code))).toBe(true);
    const made = await db.select().from(orders).where(eq(orders.roomId, roomId));
    expect(made).toHaveLength(1);
    expect(made[0]?.id).toBe(winners[0]?.json().data.id);
    const [row] = await db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(row?.saleStatus).toBe('yellow');
    expect(row?.payExpireTime?.getTime()).toBe(made[0]?.payExpireTime.getTime());
    expect(await turnsToYellow(roomId)).toBe(1);
    const logs = await db
      .select()
      .from(orderLogs)
      .where(inArray(orderLogs.orderId, [made[0]?.id as number]));
    expect(logs).toHaveLength(1);
  }, 90_000);
});
