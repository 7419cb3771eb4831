import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, buildings, orders, rooms } from '../../db/schema/index';
import { emptiesProjectReads, useAdminTest } from '../admin/admin-test-helpers';

const c = useAdminTest();

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
        and(isNotNull(orders.netSignNumber), eq(orders.payStatus, 5), eq(rooms.saleStatus, 'gray')),
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
      .where(and(eq(orders.payStatus, 3), isNull(orders.netSignNumber)))
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

  it('never puts a room of a building without a pre-sale licence on sale', async () => {
    const db = c.t.database.db;
    const [room] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
      .where(
        and(
          isNull(buildings.licenceId),
          eq(rooms.saleStatus, 'gray'),
          sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
        ),
      )
      .limit(1);
    const roomId = room?.id as number;
    expect(roomId, 'a gray room of an unlicensed building in the seed').toBeTruthy();

    const on = await c.send('POST', '/api/admin/rooms/sale-status', {
      roomIds: [roomId],
      saleStatus: 'green',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ changed: [], skipped: [roomId] });
    expect((await saleStatusOf(roomId))?.s).toBe('gray');
    expect(await c.lastAudit('room.onSale', roomId)).toBeUndefined();
    const row = (await gridRow(roomId)) as { licensed?: boolean } | undefined;
    expect(row?.licensed).toBe(false);
  });
});

describe('room prices', () => {
  async function pricesOf(roomId: number) {
    const [row] = await c.t.database.db
      .select({ currentPrice: rooms.currentPrice, totalPrice: rooms.totalPrice })
      .from(rooms)
      .where(eq(rooms.id, roomId));
    return row;
  }

  async function priceAudits(roomId: number) {
    return c.t.database.db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'room.price'), eq(adminAuditLog.targetId, roomId)));
  }

  it('sets the unit price, recomputes the total, audits it and shows it on the building table', async () => {
    const db = c.t.database.db;
    const [room] = await db
      .select({
        id: rooms.id,
        buildingId: rooms.buildingId,
        unitName: rooms.unitName,
        projectId: rooms.projectId,
        buildArea: rooms.buildArea,
        currentPrice: rooms.currentPrice,
        totalPrice: rooms.totalPrice,
      })
      .from(rooms)
      .where(
        and(
          eq(rooms.saleStatus, 'green'),
          sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
        ),
      )
      .limit(1);
    const roomId = room?.id as number;
    const currentPrice = (room?.currentPrice as number) + 321;
    const totalPrice = Math.round((room?.buildArea as number) * currentPrice);

    expect(await emptiesProjectReads(async () => undefined)).toBe(false);
    expect(
      await emptiesProjectReads(async () => {
        const saved = await c.send('PUT', `/api/admin/rooms/${roomId}/price`, { currentPrice });
        expect(saved.statusCode).toBe(200);
        expect(saved.json().message).toBe('价格已修改');
        expect(saved.json().data).toEqual({ id: roomId, currentPrice, totalPrice });
      }),
    ).toBe(true);
    expect(await pricesOf(roomId)).toEqual({ currentPrice, totalPrice });
    const audit = await c.lastAudit('room.price', roomId);
    expect(audit?.actorId).toBe(c.adminId);
    expect(audit?.before).toEqual({
      currentPrice: room?.currentPrice,
      totalPrice: room?.totalPrice,
      projectId: room?.projectId,
    });
    expect(audit?.after).toEqual({ currentPrice, totalPrice, projectId: room?.projectId });

    const grid = await c.send('GET', `/api/admin/rooms?buildingId=${room?.buildingId}`);
    const row = (grid.json().data as Array<{ id: number; currentPrice: number }>).find(
      (r) => r.id === roomId,
    );
    expect(row?.currentPrice).toBe(currentPrice);
    const table = await c.t.app.inject({
      url: `/api/building-table/buildings/${room?.buildingId}/rooms?unit=${encodeURIComponent(room?.unitName ?? '')}`,
    });
    expect(table.statusCode).toBe(200);
    expect(JSON.stringify(table.json().data)).toContain(`"totalPrice":${totalPrice}`);
  });

  it('refuses to reprice a room held by a live order or sold by 网签, changing nothing', async () => {
    const db = c.t.database.db;
    const [held] = await db
      .select({ roomId: orders.roomId })
      .from(orders)
      .where(and(inArray(orders.payStatus, [1, 3]), isNull(orders.netSignNumber)))
      .limit(1);
    const [sold] = await db
      .select({ roomId: orders.roomId })
      .from(orders)
      .where(and(isNotNull(orders.netSignNumber), eq(orders.payStatus, 5)))
      .limit(1);
    for (const [roomId, message] of [
      [held?.roomId as number, '该房间被订单占用，不能修改价格'],
      [sold?.roomId as number, '该房间已网签（已售），不能修改价格'],
    ] as const) {
      const before = await pricesOf(roomId);
      const refused = await c.send('PUT', `/api/admin/rooms/${roomId}/price`, {
        currentPrice: (before?.currentPrice ?? 0) + 1000,
      });
      expect(refused.statusCode, message).toBe(409);
      expect(refused.json().message).toBe(message);
      expect(await pricesOf(roomId)).toEqual(before);
      expect(await priceAudits(roomId)).toEqual([]);
    }
  });

  it('answers bad prices and unknown rooms in Chinese', async () => {
    const [room] = await c.t.database.db.select({ id: rooms.id }).from(rooms).limit(1);
    for (const [body, message] of [
      [{ currentPrice: 0 }, '单价应大于0'],
      [{ currentPrice: 12000.5 }, '单价应为整数（元/㎡）'],
      [{ currentPrice: '12000' }, '请输入单价'],
      [{}, '请输入单价'],
    ] as const) {
      const response = await c.send('PUT', `/api/admin/rooms/${room?.id}/price`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const unknown = await c.send('PUT', '/api/admin/rooms/99999999/price', { currentPrice: 9000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('房间不存在');
  });
});
