import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.dispose();
});

const CLIENT_ERRORS = '/api/telemetry/client-errors';
const validReport = { kind: 'runtime', message: '渲染失败', url: 'http://localhost/home' };

describe('bad input gets a Chinese envelope and the right status', () => {
  it('unknown API route → 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: '10404', message: '请求的资源不存在', data: null });
  });

  it('unknown API route with another method → 404 envelope', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('10404');
  });

  it('malformed JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CLIENT_ERRORS,
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": "runtime", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '10002', message: '请求内容不是有效的 JSON' });
  });

  it('wrong types → 400 naming the field in Chinese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CLIENT_ERRORS,
      payload: { kind: 'other', message: 42, url: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('10001');
    expect(body.message).toMatch(/^请求体不正确/);
    expect(body.data.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['kind', 'message']),
    );
    expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('missing body → 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: CLIENT_ERRORS });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('10001');
  });

  it('oversize body (over 1 MiB) → 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CLIENT_ERRORS,
      payload: { ...validReport, stack: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: '10004', message: '请求内容过大' });
  });

  it('unsupported content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CLIENT_ERRORS,
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('10003');
  });

  it('a valid report is accepted', async () => {
    const res = await t.app.inject({ method: 'POST', url: CLIENT_ERRORS, payload: validReport });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '000000', message: '已记录', data: null });
  });

  it('too many reports → 429 envelope', async () => {
    let last = 0;
    let body: { code?: string } = {};
    for (let i = 0; i < 35; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: CLIENT_ERRORS,
        payload: validReport,
        remoteAddress: '10.9.9.9',
      });
      last = res.statusCode;
      body = res.json();
    }
    expect(last).toBe(429);
    expect(body.code).toBe('10429');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/site/settings', CLIENT_ERRORS]),
    );
  });

  it('serves the browsable docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
