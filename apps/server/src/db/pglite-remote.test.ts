import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsForeground } from '../lib/foreground-work';
import { openDatabase, type Database } from './client';
import { isUniqueViolation } from './unique-violation';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('the embedded database on a thread of its own', () => {
  let threaded: Database;
  let inProcess: Database;

  beforeAll(async () => {
    [threaded, inProcess] = await Promise.all([
      openDatabase({ thread: true }),
      openDatabase({ thread: false }),
    ]);
    for (const database of [threaded, inProcess]) {
      await database.db.execute(sql`create table seats (id int primary key, holder text)`);
    }
  });

  afterAll(async () => {
    await Promise.all([threaded?.close(), inProcess?.close()]);
  });

  it('answers as PGlite in process does: text timestamps and numerics, numbers, json', async () => {
    const query = sql`select 1 as one, timestamptz '2026-11-30 08:00:00+08' as at,
      date '2026-11-30' as day, 12.50::numeric as price, 7::int8 as big,
      '{"a":[1,2]}'::jsonb as doc, array[1,2]::int[] as list, null::text as nothing`;
    const [thread, local] = await Promise.all([
      threaded.db.execute(query),
      inProcess.db.execute(query),
    ]);
    expect(rowsOf(thread)).toEqual(rowsOf(local));
    expect(rowsOf(thread)[0]).toMatchObject({ at: '2026-11-30 00:00:00+00', price: '12.50' });
  });

  it('commits a transaction, and rolls one back with its own error when the work throws', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into seats values (1, 'a')`);
      await tx.execute(sql`update seats set holder = 'b' where id = 1`);
    });
    const failure = new Error('the buyer left');
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into seats values (2, 'c')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(
      rowsOf(await threaded.db.execute(sql`select id, holder from seats order by id`)),
    ).toEqual([{ id: 1, holder: 'b' }]);
  });

  it('keeps the fields of a database error, so a unique violation is known as one', async () => {
    const error = await threaded.db.execute(sql`insert into seats values (1, 'x')`).catch((e) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { cause: { constraint: string } }).cause.constraint).toBe('seats_pkey');
  });

  it('runs a statement sent during a transaction after it, as PGlite does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into seats values (3, 'd')`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const count = threaded.db.execute(sql`select count(*)::int as n from seats where id = 3`);
    release();
    await transaction;
    expect(rowsOf(await count)).toEqual([{ n: 1 }]);
  });

  it('hears a notification before the commit that sent it returns to its writer', async () => {
    const heard: string[] = [];
    const unlisten = await threaded.listen!('seat_changes', (payload) => heard.push(payload));
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`update seats set holder = 'e' where id = 1`);
      await tx.execute(sql`select pg_notify('seat_changes', '1')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['1']);
    await unlisten();
    await threaded.db.execute(sql`select pg_notify('seat_changes', '2')`);
    expect(heard).toEqual(['1']);
  });

  it('leaves the server’s thread free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    await threaded.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });

  it('runs a foreground request’s statement before the public reads waiting for the thread', async () => {
    // The busy statement's notification keeps this thread for a while, as a busy server would
    // be: by the time it looks again, the order's answer and the reads' after it have all come.
    const unlisten = await threaded.listen!('slow_server', () => {
      const until = performance.now() + 50;
      while (performance.now() < until);
    });
    const finished: string[] = [];
    const run = (name: string) =>
      threaded.db.execute(sql`select ${name}::text as name`).then(() => finished.push(name));
    // Drizzle sends a statement when it is awaited: `then` sends this one now.
    const busy = threaded.db
      .execute(sql`select pg_notify('slow_server', ''), count(*) from generate_series(1, 1000000)`)
      .then(() => undefined);
    const reads = [run('read 1'), run('read 2'), run('read 3')];
    const order = runAsForeground(() => run('order'));
    await Promise.all([busy, order, ...reads]);
    await unlisten();
    // The order ran first on the thread, and its caller resumed first here.
    expect(finished).toEqual(['order', 'read 1', 'read 2', 'read 3']);
  });

  it('runs a foreground transaction, its begin included, without a turn of the event loop', async () => {
    // Each answer waited for in place settles its caller at once: a callback queued for the
    // event loop's next turn runs only after the whole transaction has committed.
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const seen = await runAsForeground(() =>
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`create table turns (id int primary key, holder text)`);
        await tx.execute(sql`insert into turns values (1, 'a')`);
        await tx.execute(sql`update turns set holder = 'b' where id = 1`);
        return rowsOf(await tx.execute(sql`select holder from turns where id = 1`));
      }),
    );
    expect(seen).toEqual([{ holder: 'b' }]);
    expect(turned).toBe(false);
  });

  it('does not hold the server’s thread for a foreground statement while another transaction is open', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = threaded.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
      await tx.execute(sql`update seats set holder = 'f' where id = 1`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The open transaction's next statement comes from this thread: blocking here would stall
    // both until the blocking wait's limit.
    const sent = performance.now();
    const read = runAsForeground(() =>
      threaded.db.execute(sql`select holder from seats where id = 1`).then(rowsOf),
    );
    expect(performance.now() - sent).toBeLessThan(1000);
    release();
    await transaction;
    expect(await read).toEqual([{ holder: 'f' }]);
  });

  it('dumps the database and opens the tarball again', async () => {
    const tarball = await threaded.dumpDataDir!();
    const copy = await openDatabase({ thread: true, loadDataDir: tarball });
    try {
      expect(rowsOf(await copy.db.execute(sql`select id from seats order by id`))).toEqual([
        { id: 1 },
        { id: 3 },
      ]);
    } finally {
      await copy.close();
    }
  });
});
