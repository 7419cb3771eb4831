import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearerFor } from '../modules/news/test-helpers';
import { ForegroundGate } from './foreground-gate';
import { READS_FULL_MESSAGE, ReadQueue } from './read-queue';

/** A read that finishes when told to. */
function held() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, read: () => done };
}

describe('ReadQueue', () => {
  it('runs at most its share at once, the rest in the order they came', async () => {
    const queue = new ReadQueue({ running: 2, waiting: 10, maxWaitMs: 5000 });
    const order: number[] = [];
    const first = held();
    const second = held();
    const a = queue.run(first.read);
    const b = queue.run(second.read);
    const waiting = [3, 4, 5].map((n) => queue.run(async () => void order.push(n)));
    expect(queue.waiting).toBe(3);
    second.finish();
    await b;
    first.finish();
    await Promise.all([a, ...waiting]);
    expect(order).toEqual([3, 4, 5]);
    expect(queue.waiting).toBe(0);
  });

  it('refuses at once with a 503 and a Chinese message when the line is full', async () => {
    const queue = new ReadQueue({ running: 1, waiting: 2, maxWaitMs: 5000 });
    const busy = held();
    const running = queue.run(busy.read);
    const inLine = [queue.run(async () => 1), queue.run(async () => 2)];
    const startedAt = Date.now();
    await expect(queue.run(async () => 3)).rejects.toMatchObject({
      status: 503,
      code: '50003',
      message: READS_FULL_MESSAGE,
    });
    expect(Date.now() - startedAt).toBeLessThan(50);
    expect(queue.refused).toBe(1);
    busy.finish();
    await running;
    expect(await Promise.all(inLine)).toEqual([1, 2]);
  });

  it('refuses a read that waited longer than allowed, and the line goes on', async () => {
    const queue = new ReadQueue({ running: 1, waiting: 5, maxWaitMs: 30 });
    const busy = held();
    const running = queue.run(busy.read);
    await expect(queue.run(async () => 'late')).rejects.toMatchObject({ status: 503 });
    expect(queue.waiting).toBe(0);
    busy.finish();
    await running;
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('sends no new statement to the database while a deposit order runs, and goes on when it ends', async () => {
    const gate = new ForegroundGate(5000);
    const queue = new ReadQueue({ running: 2, waiting: 10, maxWaitMs: 5000 }, gate);
    const started: string[] = [];
    gate.enter();
    const read = queue.run(async () => void started.push('read'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([]);
    gate.leave();
    await read;
    expect(started).toEqual(['read']);
  });

  it("lets a read go to the database once it has waited the gate's limit", async () => {
    const gate = new ForegroundGate(15);
    const queue = new ReadQueue({ running: 2, waiting: 10, maxWaitMs: 5000 }, gate);
    gate.enter();
    const startedAt = Date.now();
    await queue.run(async () => undefined);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(14);
    expect(gate.overdue).toBe(1);
    gate.leave();
  });

  it('does not lose its place when a read fails', async () => {
    const queue = new ReadQueue({ running: 1, waiting: 5, maxWaitMs: 1000 });
    await expect(queue.run(() => Promise.reject(new Error('db')))).rejects.toThrow('db');
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});

describe('public reads under overload (the app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  }, 120_000);
  afterAll(async () => t.dispose());

  it('refuses new database reads quickly while indexed searches, kept answers, orders and sign-in keep going', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/listings?type=1' });
    expect(kept.statusCode).toBe(200);
    const queue = t.app.publicReads;
    // Fill the public reads' share and its whole line with reads that do not finish yet.
    const busy = held();
    const fillers = Array.from({ length: queue.limit.running + queue.limit.waiting }, () =>
      queue.run(busy.read).catch(() => undefined),
    );
    try {
      const startedAt = Date.now();
      const project = await t.app.inject({ method: 'GET', url: '/api/projects?pageNum=7' });
      expect(Date.now() - startedAt, 'refused at once, not after seconds').toBeLessThan(500);
      expect(project.statusCode, 'a new project search waits its turn').toBe(503);
      expect(project.json()).toMatchObject({ code: '50003', message: READS_FULL_MESSAGE });
      // A new second-hand search is answered from the in-process index of this read version
      // (docs/decisions/0061-listing-search-in-process.md): no database, so no turn.
      const indexed = await t.app.inject({
        method: 'GET',
        url: '/api/listings?type=2&areaCode=HGQ&pageNum=3',
      });
      expect(indexed.statusCode, 'a distinct search needs no turn').toBe(200);

      const again = await t.app.inject({ method: 'GET', url: '/api/listings?type=1' });
      expect(again.statusCode, 'a kept answer needs no turn').toBe(200);
      expect(again.body).toBe(kept.body);
      const buyer = await bearerFor(t.database.db, '13800000001');
      const orders = await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer });
      expect(orders.statusCode, 'orders keep their own share').toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer });
      expect(me.statusCode, 'so does the signed-in session').toBe(200);
    } finally {
      busy.finish();
      await Promise.all(fillers);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/listings?type=2&areaCode=HGQ&pageNum=3',
    });
    expect(after.statusCode).toBe(200);
  });
});
