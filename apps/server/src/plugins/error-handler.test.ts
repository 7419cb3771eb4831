import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { buildApp } from '../app';
import { secondHandListings } from '../db/schema/index';

let t: TestApp;
let child: FastifyInstance;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await createTestApp();
  // Routes cannot be added to a ready instance: a second app on the same database, whose log
  // is kept so the test can see what the server recorded.
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  child = await buildApp({
    config: t.config,
    database: t.database,
    logger: { level: 'warn', stream },
  });
  // A listing write whose move-in date never went through the form schema (the old gap).
  child.put<{ Body: { checkIn: string } }>('/api/test/check-in', async (request) => {
    await child.db
      .update(secondHandListings)
      .set({ checkIn: request.body.checkIn })
      .where(eq(secondHandListings.id, 1));
    return {};
  });
  child.get('/api/test/not-a-number', async () => {
    await child.db.execute(sql`select ${'12a'}::integer`);
    return {};
  });
  child.get('/api/test/too-large', async () => {
    await child.db.execute(sql`select ${'99999999999'}::integer`);
    return {};
  });
  child.get('/api/test/too-long', async () => {
    await child.db.execute(sql`do $$ declare v varchar(2); begin v := 'abc'; end $$`);
    return {};
  });
  await child.ready();
});
afterAll(async () => {
  await child.close();
  await t.dispose();
});

describe('values the database cannot hold (SQLSTATE class 22)', () => {
  it('answers 400 with the generic message and logs the detail on the server', async () => {
    const cases: Array<[string, { method: 'GET' | 'PUT'; url: string; payload?: object }]> = [
      ['22008', { method: 'PUT', url: '/api/test/check-in', payload: { checkIn: '2026-13-45' } }],
      ['22007', { method: 'PUT', url: '/api/test/check-in', payload: { checkIn: '下周一' } }],
      ['22P02', { method: 'GET', url: '/api/test/not-a-number' }],
      ['22003', { method: 'GET', url: '/api/test/too-large' }],
      ['22001', { method: 'GET', url: '/api/test/too-long' }],
    ];
    for (const [state, request] of cases) {
      logLines.length = 0;
      const response = await child.inject(request);
      expect(response.statusCode, state).toBe(400);
      expect(response.json(), state).toEqual({
        code: '10001',
        message: '请求参数不正确',
        data: null,
      });
      expect(response.body, state).not.toMatch(/date|integer|varying|range|syntax|2026-13-45/i);
      const logged = logLines.find((line) => line.msg === 'database refused a request value');
      expect(logged?.sqlState, state).toBe(state);
      expect(logged?.level, state).toBe(40);
      expect(JSON.stringify(logged?.err), state).toMatch(/date|integer|varying|too long/i);
    }
  });

  it('still answers 500 for a database failure that is not about the value', async () => {
    logLines.length = 0;
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    app.get('/api/test/missing-table', async () => {
      await app.db.execute(sql`select * from no_such_table`);
      return {};
    });
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/test/missing-table' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('50000');
    await app.close();
  });
});
