import { inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { passwordSignInFailures, sessions, users } from '../db/schema/index';
import { recordSweeperPlugin, sweepExpiredRecords } from './record-sweeper';

let t: TestApp;
let userId: number;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .insert(users)
    .values({ phone: '13766680001', nickname: '会话清理' })
    .returning({ id: users.id });
  userId = row?.id as number;
});
afterAll(async () => t.dispose());

/** Sessions of the test user expiring at the given offsets from `now`; answers their ids. */
async function sessionsExpiringAt(now: Date, offsets: number[], tag: string): Promise<number[]> {
  const rows = await t.database.db
    .insert(sessions)
    .values(
      offsets.map((offset, i) => ({
        tokenHash: `${tag}-${i}`,
        userId,
        expiresAt: new Date(now.getTime() + offset),
      })),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

async function remaining(ids: number[]): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, ids));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('the record sweeper', () => {
  it('deletes expired sessions only, also when two instances sweep at once', async () => {
    const now = new Date();
    const [expiredLong, expiredJust, live, liveLong] = await sessionsExpiringAt(
      now,
      [-48 * HOUR, -1_000, 1_000, 7 * 24 * HOUR],
      'sweep',
    );
    const all = [expiredLong, expiredJust, live, liveLong] as number[];
    const [a, b] = await Promise.all([
      sweepExpiredRecords(t.app, now),
      sweepExpiredRecords(t.app, now),
    ]);
    expect((a?.sessions ?? 0) + (b?.sessions ?? 0)).toBeGreaterThanOrEqual(2);
    expect(await remaining(all)).toEqual([live, liveLong]);
  });

  it('drops runs of wrong passwords quiet for a day, keeping recent runs and locks', async () => {
    const now = new Date();
    const F = passwordSignInFailures;
    await t.database.db.insert(F).values([
      {
        scope: 'phone',
        key: '13766689001',
        failures: 3,
        updatedAt: new Date(now.getTime() - 25 * HOUR),
      },
      {
        scope: 'phone',
        key: '13766689002',
        failures: 3,
        updatedAt: new Date(now.getTime() - HOUR),
      },
      {
        scope: 'address',
        key: '198.51.100.90',
        failures: 0,
        lockedUntil: new Date(now.getTime() + HOUR),
        updatedAt: new Date(now.getTime() - 25 * HOUR),
      },
    ]);
    const swept = await sweepExpiredRecords(t.app, now);
    expect(swept.passwordFailures).toBe(1);
    const left = await t.database.db.select({ key: F.key }).from(F);
    expect(left.map((row) => row.key).sort()).toEqual(['13766689002', '198.51.100.90']);
  });

  it('runs at start when the app is ready, as every instance does', async () => {
    const now = new Date();
    const ids = await sessionsExpiringAt(now, [-HOUR, HOUR], 'plugin');
    const app = Fastify();
    app.decorate('db', t.database.db);
    await app.register(recordSweeperPlugin, { enabled: true, now: () => now });
    await app.ready();
    await expect.poll(() => remaining(ids), { timeout: 5_000 }).toEqual([ids[1]]);
    await app.close();
  });
});
