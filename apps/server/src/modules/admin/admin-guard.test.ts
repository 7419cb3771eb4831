import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearerFor } from '../news/test-helpers';

let t: TestApp;

/** Every registered `/api/admin/…` route as [METHOD, concrete url], read from the app's OpenAPI. */
function adminRoutes(app: FastifyInstance): Array<[string, string]> {
  const spec = (app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
  return Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path === '/api/admin')
    .flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as [string, string],
      ),
    );
}

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});

afterAll(async () => {
  await t?.dispose();
});

describe('operator console guard', () => {
  it('covers the console routes', () => {
    const routes = adminRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes).toContainEqual(['GET', '/api/admin/dashboard']);
    expect(routes).toContainEqual(['POST', '/api/admin/rooms/sale-status']);
  });

  it('answers 401 (90001) to anonymous callers on every admin route', async () => {
    for (const [method, url] of adminRoutes(t.app)) {
      const response = await t.app.inject({ method: method as 'GET', url, payload: {} });
      expect([method, url, response.statusCode]).toEqual([method, url, 401]);
      expect(response.json().code).toBe('90001');
    }
  });

  it('answers 403 to a signed-in citizen on every admin route', async () => {
    const headers = await bearerFor(t.database.db, '13800000001');
    for (const [method, url] of adminRoutes(t.app)) {
      const response = await t.app.inject({ method: method as 'GET', url, headers, payload: {} });
      expect([method, url, response.statusCode]).toEqual([method, url, 403]);
      expect(response.json().code).toBe('10403');
    }
  });

  it('is not bypassed by an encoded path', async () => {
    const headers = await bearerFor(t.database.db, '13800000001');
    const response = await t.app.inject({ method: 'GET', url: '/api/%61dmin/dashboard', headers });
    expect(response.statusCode).not.toBe(200);
  });

  it('lets the operator in', async () => {
    const headers = await bearerFor(t.database.db, '13900000000');
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.usersTotal).toBeGreaterThan(0);
    expect(typeof data.listingsPending).toBe('number');
  });
});
