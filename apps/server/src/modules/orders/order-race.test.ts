import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { orderLogs, orders, rooms } from '../../db/schema/index';
import { greenRoomIds, verifiedBearers } from './orders-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
afterAll(async () => t.dispose());

describe('50 simultaneous orders for one room', () => {
  it('lets exactly one win; the room turns yellow once', async () => {
    // On PostgreSQL (TEST_DATABASE_URL set) the 50 requests really run on parallel connections.
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const buyers = await verifiedBearers(t.database.db, 50);
    expect(buyers.length).toBeGreaterThanOrEqual(10);
    const [room] = await greenRoomIds(t.database.db, 1);
    const racers = Array.from({ length: 50 }, (_, i) => buyers[i % buyers.length]);
    const results = await Promise.all(
      racers.map((headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers,
          payload: { houseId: room, agreed: true },
        }),
      ),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => ['60002', '60003'].includes(r.json().code)),
    ).toBe(true);
    const made = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.roomId, room as number));
    expect(made).toHaveLength(1);
    expect(made[0]?.id).toBe(winners[0]?.json().data.id);
    const [row] = await t.database.db
      .select()
      .from(rooms)
      .where(eq(rooms.id, room as number));
    expect(row?.saleStatus).toBe('yellow');
    expect(row?.payExpireTime?.getTime()).toBe(made[0]?.payExpireTime.getTime());
    const logs = await t.database.db
      .select()
      .from(orderLogs)
      .where(inArray(orderLogs.orderId, [made[0]?.id as number]));
    expect(logs).toHaveLength(1);
  });
});
