import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

/**
 * The access-control matrix: every guarded route (collected as the routes are registered, so a
 * new route is covered without touching this file) called anonymously and as a normal user.
 * Owner-versus-other-user checks of each resource live next to the resource's own tests;
 * the cross-module ones are below.
 */
let t: TestApp;
let buyer: string;
let otherBuyer: string;

async function signIn(account: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account, password },
  });
  return res.json().data.access_token;
}

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await signIn('13800000001', 'Demo@2026');
  otherBuyer = await signIn('13800000002', 'Demo@2026');
});
afterAll(async () => {
  await t.dispose();
});

const concrete = (url: string) => url.replace(/:\w+/g, '1');

function call(method: string, url: string, token?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('access-control matrix', () => {
  it('collects the guarded routes', () => {
    const { guardedRoutes } = t.app;
    expect(guardedRoutes.filter((r) => r.guard === 'user').length).toBeGreaterThan(20);
    for (const route of guardedRoutes.filter((r) => r.url.startsWith('/api/admin/'))) {
      expect(route.guard, `${route.method} ${route.url}`).toBe('admin');
    }
  });

  it('refuses every guarded route to an anonymous caller with 90001, whatever the input', async () => {
    const leaks: string[] = [];
    for (const route of t.app.guardedRoutes) {
      const res = await call(route.method, route.url);
      if (res.statusCode !== 401 || res.json().code !== '90001') {
        leaks.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses every operator route to a normal user with 403', async () => {
    const leaks: string[] = [];
    for (const route of t.app.guardedRoutes.filter((r) => r.guard === 'admin')) {
      const res = await call(route.method, route.url, buyer);
      if (res.statusCode !== 403) leaks.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });

  it('never shows one buyer the orders of another', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { authorization: `Bearer ${buyer}` },
    });
    const orders = mine.json().data.list as { id: number }[];
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders.slice(0, 3)) {
      for (const [method, url] of [
        ['GET', `/api/orders/${order.id}`],
        ['POST', `/api/orders/${order.id}/cancel`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${otherBuyer}` },
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { authorization: `Bearer ${otherBuyer}` },
    });
    const theirIds = new Set((theirs.json().data.list as { id: number }[]).map((o) => o.id));
    expect(orders.some((o) => theirIds.has(o.id))).toBe(false);
  });
});
