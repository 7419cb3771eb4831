import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, rooms } from '../../db/schema/index';
import { type AdminTestContext, openAdminTest } from './admin-test-helpers';

let c: AdminTestContext;

beforeAll(async () => {
  c = await openAdminTest();
});

afterAll(async () => {
  await c?.t.dispose();
});

async function saleStatusOf(roomId: number) {
  const [row] = await c.t.database.db
    .select({ s: rooms.saleStatus, buildingId: rooms.buildingId })
    .from(rooms)
    .where(eq(rooms.id, roomId));
  return row;
}

async function gridRow(roomId: number) {
  const room = await saleStatusOf(roomId);
  const grid = await c.send('GET', `/api/admin/rooms?buildingId=${room?.buildingId}`);
  expect(grid.statusCode).toBe(200);
  return (grid.json().data as Array<{ id: number; saleBlock: string | null }>).find(
    (r) => r.id === roomId,
  );
}

describe('rooms on and off sale', () => {
  it('puts green rooms off sale and back, never touching a room held by a live order', async () => {
    const db = c.t.database.db;
    const [green] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(
        and(
          eq(rooms.saleStatus, 'green'),
          sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
        ),
      )
      .limit(1);
    const [held] = await db
      .select({ id: orders.roomId })
      .from(orders)
      .where(inArray(orders.payStatus, [1, 3]))
      .limit(1);
    const greenId = green?.id as number;
    const heldId = held?.id as number;
    const heldBefore = await saleStatusOf(heldId);

    const off = await c.send('POST', '/api/admin/rooms/sale-status', {
      roomIds: [greenId, heldId],
      saleStatus: 'gray',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ changed: [greenId], skipped: [heldId] });
    expect((await saleStatusOf(greenId))?.s).toBe('gray');
    expect((await saleStatusOf(heldId))?.s).toBe(heldBefore?.s);
    expect((await c.lastAudit('room.offSale', greenId))?.after).toMatchObject({
      saleStatus: 'gray',
    });
    expect(await c.lastAudit('room.offSale', heldId)).toBeUndefined();
    expect((await gridRow(heldId))?.saleBlock).toBe('liveOrder');

    const on = await c.send('POST', '/api/admin/rooms/sale-status', {
      roomIds: [greenId],
      saleStatus: 'green',
    });
    expect(on.json().data.changed).toEqual([greenId]);
    expect(await c.lastAudit('room.onSale', greenId)).toBeDefined();
    expect((await gridRow(greenId))?.saleBlock).toBeNull();
  });

  it('never puts a net-signed (sold) flat back on sale, even after its deposit was refunded', async () => {
    const db = c.t.database.db;
    const [sold] = await db
      .select({ roomId: orders.roomId })
      .from(orders)
      .innerJoin(rooms, eq(rooms.id, orders.roomId))
      .where(
        and(isNotNull(orders.netsignnum), eq(orders.payStatus, 5), eq(rooms.saleStatus, 'gray')),
      )
      .limit(1);
    const roomId = sold?.roomId as number;
    expect(roomId, 'the seed has net-signed, refunded orders').toBeDefined();

    const on = await c.send('POST', '/api/admin/rooms/sale-status', {
      roomIds: [roomId],
      saleStatus: 'green',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ changed: [], skipped: [roomId] });
    expect(on.json().message).toContain('已网签');
    expect((await saleStatusOf(roomId))?.s).toBe('gray');
    expect(await c.lastAudit('room.onSale', roomId)).toBeUndefined();
    expect((await gridRow(roomId))?.saleBlock).toBe('netsigned');
  });

  it('leaves a room alone while a refund of its deposit is pending', async () => {
    const db = c.t.database.db;
    const [paid] = await db
      .select({ id: orders.id, roomId: orders.roomId })
      .from(orders)
      .where(and(eq(orders.payStatus, 3), isNull(orders.netsignnum)))
      .limit(1);
    const roomId = paid?.roomId as number;
    await db
      .update(orders)
      .set({ payStatus: 4, refundStatus: 2 })
      .where(eq(orders.id, paid?.id as number));
    await db.update(rooms).set({ saleStatus: 'gray' }).where(eq(rooms.id, roomId));

    const on = await c.send('POST', '/api/admin/rooms/sale-status', {
      roomIds: [roomId],
      saleStatus: 'green',
    });
    expect(on.json().data).toEqual({ changed: [], skipped: [roomId] });
    expect((await saleStatusOf(roomId))?.s).toBe('gray');
    expect((await gridRow(roomId))?.saleBlock).toBe('refunding');
  });
});
