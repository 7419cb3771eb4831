import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatServerFrame } from '@portal/shared/schemas/chat';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/index';
import { users } from '../../db/schema/index';
import { createSession } from '../auth/session.service';
import { TestSocket } from './chat-test-client';

/** Redis of the test machine (CI runs one at 127.0.0.1:6379). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let dataDir: string;
const instances: Array<{ app: FastifyInstance; wsUrl: string }> = [];
let origin = '';

async function startInstance(prefix: string): Promise<{ app: FastifyInstance; wsUrl: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'web'),
    REDIS_URL,
    REDIS_PREFIX: prefix,
  });
  origin = new URL(config.publicOrigin).origin;
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, wsUrl: `${address.replace('http', 'ws')}/api/chat/ws` };
}

async function person(phone: string) {
  const [row] = await database.db.insert(users).values({ phone }).returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await createSession(database.db, row.id, { remember: false }) };
}

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    throw new Error(`这组测试需要 Redis：${REDIS_URL}（可用 TEST_REDIS_URL 指定）`);
  } finally {
    probe.disconnect();
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chat-redis-'));
  database = await createTestDatabase();
  // One channel prefix per run, so parallel runs sharing the Redis do not hear each other.
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  instances.push(await startInstance(prefix), await startInstance(prefix));
});

afterAll(async () => {
  for (const instance of instances) await instance.app.close();
  await database.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('chat across two instances through Redis', () => {
  it('delivers a message sent on one instance to a socket held by the other', async () => {
    const [one, two] = instances;
    if (!one || !two) throw new Error('instances missing');
    const alice = await person('13600000001');
    const bob = await person('13600000002');
    const started = await one.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { targetId: bob.id },
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const conversationId = started.json().data.id as number;

    const bobSocket = await TestSocket.open(`${two.wsUrl}?token=${bob.token}`, origin);
    await bobSocket.waitFor((f) => f.type === 'ready');
    const aliceSocket = await TestSocket.open(`${one.wsUrl}?token=${alice.token}`, origin);
    await aliceSocket.waitFor((f) => f.type === 'ready');

    aliceSocket.send({
      type: 'send',
      conversationId,
      text: '跨实例的消息',
      clientId: 'cross-0001',
    });
    const received = await bobSocket.waitFor(
      (f): f is Extract<ChatServerFrame, { type: 'message' }> => f.type === 'message',
    );
    expect(received.message).toMatchObject({ body: '跨实例的消息', senderId: alice.id });
    // The delivery receipt travels back from instance two to the sender on instance one.
    await aliceSocket.waitFor((f) => f.type === 'delivered' && f.ids.includes(received.message.id));

    // And the other way: a REST send on instance two reaches the socket on instance one.
    await two.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      payload: { text: '回复' },
      headers: { authorization: `Bearer ${bob.token}` },
    });
    await aliceSocket.waitFor((f) => f.type === 'message' && f.message.body === '回复');
    aliceSocket.close();
    bobSocket.close();
  });
});
