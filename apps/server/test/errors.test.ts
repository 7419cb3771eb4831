import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AppError } from '../src/lib/app-error';
import { createTestApp, type TestApp } from './app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.dispose();
});

describe('the error handler never leaks internals', () => {
  it('hides a thrown error behind a generic 500 message', async () => {
    // Routes cannot be added to a ready instance, so build a second app on the same database.
    const child = await buildApp({ config: t.config, database: t.database, logger: false });
    child.get('/api/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    child.get('/api/bad-sql', async () => {
      await child.db.execute(sql`select * from table_that_does_not_exist`);
      return {};
    });
    child.get('/api/out-of-range', async () => {
      await child.db.execute(sql`select ${'99999999999'}::integer`);
      return {};
    });
    child.get('/api/conflict', async () => {
      throw new AppError('CONFLICT', '该房间已被锁定');
    });
    await child.ready();

    const boom = await child.inject({ method: 'GET', url: '/api/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: '50000', message: '系统繁忙，请稍后再试', data: null });
    expect(boom.body).not.toContain('secret');

    const badSql = await child.inject({ method: 'GET', url: '/api/bad-sql' });
    expect(badSql.statusCode).toBe(500);
    expect(badSql.body).not.toMatch(/table_that_does_not_exist|select|relation/i);

    // A value the database cannot hold (class 22 data exception) is the client's error.
    const outOfRange = await child.inject({ method: 'GET', url: '/api/out-of-range' });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().code).toBe('10001');
    expect(outOfRange.body).not.toMatch(/integer|range|select/i);

    const conflict = await child.inject({ method: 'GET', url: '/api/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ code: '10409', message: '该房间已被锁定', data: null });

    await child.close();
  });
});
