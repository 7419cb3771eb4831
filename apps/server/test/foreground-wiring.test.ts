import { PROJECT_STATUS } from '@portal/shared/status';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildings, projects, rooms } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';

/**
 * The app as built holds the orders-first gate for the deposit order steps and lets the public
 * reads wait for it, and nothing else (docs/decisions/0073-orders-before-public-reads.md).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
afterAll(async () => t.dispose());

describe('orders first on the thread', () => {
  it.each([
    ['POST', '/api/orders'],
    ['POST', '/api/orders/1/pay'],
    ['POST', '/api/orders/1/cancel'],
    // The simulator's move of an order's time stands in for the time between an order's steps.
    ['POST', '/api/dev/orders/DJ20261201000001/elapse'],
  ] as const)('%s %s holds the gate until its answer, also when refused', async (method, url) => {
    const enter = vi.spyOn(t.app.foreground, 'enter');
    const answer = await t.app.inject({ method, url, payload: {} });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(enter).toHaveBeenCalledTimes(1);
    expect(t.app.foreground.foreground).toBe(0);
    enter.mockRestore();
  });

  it('does not hold it for sign-in, the building table or a personal read', async () => {
    const enter = vi.spyOn(t.app.foreground, 'enter');
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    await t.app.inject({ method: 'GET', url: '/api/building-table/buildings/1/rooms' });
    await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(enter).not.toHaveBeenCalled();
    enter.mockRestore();
  });

  it('makes the public reads wait while an order runs, and nothing else', async () => {
    const gate = t.app.foreground;
    const waits = (url: string) => async () => {
      const before = gate.deferred;
      gate.enter();
      const answer = t.app.inject({ method: 'GET', url });
      await new Promise((resolve) => setTimeout(resolve, 5));
      gate.leave();
      expect((await answer).statusCode).toBeLessThan(500);
      return gate.deferred - before;
    };
    // The building table as well, its kept answers too: they cost only the thread, and a crowd
    // of them would fill it while the order's statements wait for their turns.
    const [room] = await t.database.db
      .select({ buildingId: rooms.buildingId, unit: rooms.unitName })
      .from(rooms)
      .innerJoin(projects, eq(projects.id, rooms.projectId))
      .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
      .where(
        and(eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED), isNotNull(buildings.licenceId)),
      )
      .limit(1);
    const table = `/api/building-table/buildings/${room?.buildingId}/rooms?unit=${encodeURIComponent(room?.unit ?? '')}`;
    expect((await t.app.inject({ method: 'GET', url: table })).statusCode).toBe(200);
    for (const url of [
      '/api/listings?type=1',
      '/api/projects',
      '/api/news',
      '/api/map/clusters',
      '/api/analytics/counters',
      '/api/content/banners',
      table,
    ]) {
      expect(await waits(url)(), url).toBe(1);
    }
    for (const url of ['/api/health', '/api/legal/privacy']) {
      expect(await waits(url)(), url).toBe(0);
    }
  });
});
