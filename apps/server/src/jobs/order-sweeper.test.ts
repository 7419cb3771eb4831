import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { ForegroundGate } from '../lib/foreground-gate';
import { sweepStep } from './order-sweeper';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('each transaction of the order sweeper', () => {
  let threaded: Database;

  beforeAll(async () => {
    threaded = await openDatabase({ thread: true });
    await threaded.db.execute(sql`create table lapses (id int primary key, status int)`);
    await threaded.db.execute(sql`insert into lapses values (1, 1), (2, 1)`);
  });

  afterAll(async () => {
    await threaded?.close();
  });

  it('waits while a deposit order runs, and starts once it has its answer', async () => {
    const gate = new ForegroundGate(40);
    gate.enter();
    let started = false;
    const step = sweepStep(gate)(async () => {
      started = true;
      return 'expired';
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);
    gate.leave();
    expect(await step).toBe('expired');
    expect(started).toBe(true);
  });

  it('gives the event loop a turn before its transaction, so an order that came meanwhile goes first', async () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('order'));
    await sweepStep(undefined)(async () => {
      seen.push('sweep');
    });
    expect(seen).toEqual(['order', 'sweep']);
  });

  it('runs its transaction on the embedded database without a turn of the event loop', async () => {
    // Left open across a turn, an order's statement arriving in that turn would wait for all of
    // it; each of its statements is waited for in place, begin and commit included.
    const outcome = await sweepStep(undefined)(() => {
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      return threaded.db
        .transaction(async (tx) => {
          await tx.execute(sql`update lapses set status = 2 where id = 1 and status = 1`);
          await tx.execute(sql`update lapses set status = 2 where id = 2 and status = 1`);
          return rowsOf(
            await tx.execute(sql`select count(*)::int as n from lapses where status = 2`),
          );
        })
        .then((rows) => ({ rows, turned }));
    });
    expect(outcome).toEqual({ rows: [{ n: 2 }], turned: false });
  });
});
