import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sessions, users } from '../src/db/schema/index';
import {
  currentUser,
  requireAdmin,
  requireUser,
  SESSION_IDLE_MS,
} from '../src/modules/access/index';
import {
  createSession,
  revokeOtherSessions,
  revokeSession,
} from '../src/modules/auth/session.service';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
let app: FastifyInstance;
let userId: number;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ config: t.config, database: t.database, logger: false });
  app.get('/api/test/me', { preHandler: requireUser }, async (request) => ({
    code: '000000',
    message: '',
    data: currentUser(request),
  }));
  app.get('/api/test/admin', { preHandler: requireAdmin }, async () => ({ code: '000000' }));
  await app.ready();
  const inserted = await t.database.db
    .insert(users)
    .values([
      { phone: '13600000001', role: 'user' },
      { phone: '13600000002', role: 'admin' },
    ])
    .returning({ id: users.id });
  userId = inserted[0]!.id;
  adminId = inserted[1]!.id;
});
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const me = (token?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/test/me',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('bearer sessions', () => {
  it('admits a valid token and names the caller', async () => {
    const token = await createSession(t.database.db, userId, { remember: false });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: userId, role: 'user' });
  });

  it('answers 90001 for a missing, unknown or malformed token', async () => {
    for (const token of [undefined, 'x'.repeat(43), 'not a token!']) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: '90001', message: '登录已失效，请重新登录' });
    }
  });

  it('answers 90001 once the session has expired', async () => {
    const past = new Date(Date.now() - SESSION_IDLE_MS - 60_000);
    const token = await createSession(t.database.db, userId, { remember: false, now: past });
    expect((await me(token)).json().code).toBe('90001');
  });

  it('answers 90001 after logout and after other sessions are revoked', async () => {
    const kept = await createSession(t.database.db, userId, { remember: true });
    const other = await createSession(t.database.db, userId, { remember: true });
    const keptId = (await me(kept)).json().data.sessionId as number;
    await revokeOtherSessions(t.database.db, userId, keptId);
    expect((await me(other)).json().code).toBe('90001');
    expect((await me(kept)).statusCode).toBe(200);
    await revokeSession(t.database.db, keptId);
    expect((await me(kept)).json().code).toBe('90001');
  });

  it('stores only the hash of a token', async () => {
    const token = await createSession(t.database.db, userId, { remember: false });
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('refuses a disabled account', async () => {
    const token = await createSession(t.database.db, userId, { remember: false });
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, userId));
    expect((await me(token)).json().code).toBe('90001');
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.id, userId));
  });
});

describe('operator guard', () => {
  it('answers 403 to a citizen and admits an operator', async () => {
    const citizen = await createSession(t.database.db, userId, { remember: false });
    const operator = await createSession(t.database.db, adminId, { remember: false });
    const denied = await app.inject({
      method: 'GET',
      url: '/api/test/admin',
      headers: { authorization: `Bearer ${citizen}` },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('10403');
    const allowed = await app.inject({
      method: 'GET',
      url: '/api/test/admin',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(allowed.statusCode).toBe(200);
  });
});
