import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
afterAll(async () => {
  await t.dispose();
});

describe('GET /api/health', () => {
  it('reports the database and the seeded counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('000000');
    expect(body.data.db).toBe('ok');
    for (const key of ['projects', 'buildings', 'rooms', 'news', 'listings', 'users']) {
      expect(body.data.counts[key], key).toBeGreaterThan(0);
    }
  });

  it('answers 503 with a non-success code when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: '50003', message: '数据库不可用', data: null });
    const news = await broken.app.inject({ method: 'GET', url: '/api/news' });
    expect(news.statusCode).toBe(503);
    expect(news.json()).toEqual({ code: '50003', message: '服务暂不可用，请稍后再试', data: null });
    await broken.dispose();
  });
});

describe('site settings', () => {
  it('returns the seeded footer texts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.title).toMatch(/[\u4e00-\u9fa5]/);
    expect(data.icp).toMatch(/ICP/);
    expect(data.copyright).toMatch(/版权/);
  });
});

describe('simulator outbox', () => {
  it('lists codes for a phone, newest first', async () => {
    const phone = '13700000009';
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await t.database.db.insert(smsCodes).values([
      { phone, code: '111111', purpose: 'LOGIN', createdAt: at(3), expiresAt: at(-2) },
      { phone, code: '222222', purpose: 'FORGET_PWD', createdAt: at(1), expiresAt: at(-4) },
      {
        phone: '13700000008',
        code: '333333',
        purpose: 'LOGIN',
        createdAt: at(0),
        expiresAt: at(-5),
      },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('000000');
    expect(body.data.map((e: { code: string }) => e.code)).toEqual(['222222', '111111']);
    expect(body.data[0]).toMatchObject({ purpose: 'FORGET_PWD' });
    expect(Number.isNaN(Date.parse(body.data[0].createdAt))).toBe(false);
  });

  it('rejects a malformed phone with a Chinese message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms?phone=123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('请输入正确的手机号');
  });

  it('shows the outbox page labelled 模拟', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/sms' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('模拟');
    expect(res.body).toContain('222222');
  });

  it('is a plain 404 when simulators are off', async () => {
    const off = await createTestApp({ env: { SIMULATORS: 'off' } });
    for (const url of ['/api/dev/sms?phone=13800000001', '/dev/sms']) {
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    await off.dispose();
  });
});
