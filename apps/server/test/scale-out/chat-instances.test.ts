import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { users } from '../../src/db/schema/index';
import { createSession } from '../../src/modules/auth/session.service';
import { TestSocket } from '../../src/modules/chat/chat-test-client';
import {
  call,
  createSharedDatabase,
  publishedListingOf,
  type Instance,
  REDIS_URL,
  type SharedDatabase,
  startInstance,
} from './instances';

/**
 * 房聊 on two API instances sharing PostgreSQL and Redis: pushes, the send limit and the end of
 * sessions reach sockets whichever instance holds them.
 */
let database: SharedDatabase;
let direct: Database;
let a: Instance;
let b: Instance;
let phoneSerial = 0;

interface Person {
  id: number;
  token: string;
}

beforeAll(async () => {
  database = await createSharedDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `chat${randomBytes(4).toString('hex')}:`,
    SEED_SCALE: '0.05',
  };
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  direct = await openDatabase({ url: database.url, poolSize: 2 });
}, 180_000);

afterAll(async () => {
  await direct?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

async function person(role: 'user' | 'admin' = 'user'): Promise<Person> {
  phoneSerial += 1;
  const phone = `1360000${String(phoneSerial).padStart(4, '0')}`;
  const [row] = await direct.db.insert(users).values({ phone, role }).returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await createSession(direct.db, row.id, { remember: false }) };
}

async function socketOn(
  instance: Instance,
  who: Person,
  mode: 'chat' | 'badge' = 'chat',
): Promise<TestSocket> {
  const url = `${instance.origin.replace('http', 'ws')}/api/chat/ws`;
  const socket = await TestSocket.open(url, instance.origin);
  socket.send({ type: 'auth', token: who.token, mode });
  await socket.waitFor((f) => f.type === 'ready', 10_000);
  return socket;
}

/** `from` starts 房聊 about a published listing of `to`'s (the only way to reach `to`). */
async function conversation(instance: Instance, from: Person, to: Person): Promise<number> {
  const listingId = await publishedListingOf(direct.db, to.id);
  const started = await call(instance.origin, 'POST', '/api/chat/conversations', {
    token: from.token,
    body: { listingId },
  });
  expect(started.status).toBe(200);
  return (started.body.data as { id: number }).id;
}

describe('房聊 across two instances', () => {
  it('pushes a REST send on one instance to the sockets and the badge held by the other', async () => {
    const alice = await person();
    const bob = await person();
    const id = await conversation(a, alice, bob);
    const aliceOnA = await socketOn(a, alice);
    const bobBadgeOnA = await socketOn(a, bob, 'badge');
    await bobBadgeOnA.waitFor((f) => f.type === 'unread' && f.unread === 0, 10_000);
    const sent = await call(b.origin, 'POST', `/api/chat/conversations/${id}/messages`, {
      token: bob.token,
      body: { text: '从二号实例发出' },
    });
    expect(sent.status).toBe(200);
    await aliceOnA.waitFor((f) => f.type === 'message' && f.message.body === '从二号实例发出');
    await call(b.origin, 'POST', `/api/chat/conversations/${id}/messages`, {
      token: alice.token,
      body: { text: '回给鲍勃' },
    });
    await bobBadgeOnA.waitFor((f) => f.type === 'unread' && f.unread === 1, 10_000);
    aliceOnA.close();
    bobBadgeOnA.close();
  });

  it('counts sends against one limit whichever instance takes them', async () => {
    const carol = await person();
    const dave = await person();
    const id = await conversation(a, carol, dave);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const res = await call(
        (i % 2 === 0 ? a : b).origin,
        'POST',
        `/api/chat/conversations/${id}/messages`,
        {
          token: carol.token,
          body: { text: `第${i}条` },
        },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('closes a socket on one instance when its session ends on the other', async () => {
    const erin = await person();
    const onB = await socketOn(b, erin);
    const out = await call(a.origin, 'POST', '/api/auth/logout', { token: erin.token, body: {} });
    expect(out.status).toBe(200);
    await onB.waitFor((f) => f.type === 'error' && f.code === '90001', 10_000);
    await onB.waitClosed(10_000);
    expect(onB.closeCode).toBe(4401);
  });

  it('closes the sockets of an account an operator disables on the other instance', async () => {
    const frank = await person();
    const operator = await person('admin');
    const onB = await socketOn(b, frank);
    const disabled = await call(a.origin, 'POST', `/api/admin/users/${frank.id}/disable`, {
      token: operator.token,
      body: {},
    });
    expect(disabled.status).toBe(200);
    await onB.waitClosed(10_000);
    expect(onB.closeCode).toBe(4401);
  });
});
