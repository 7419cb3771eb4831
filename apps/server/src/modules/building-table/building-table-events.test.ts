import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { listenTo } from '../../../test/event-stream-client';
import { rooms } from '../../db/schema/index';
import { freshBuyer, greenRoomIds } from '../orders/orders-test-helpers';

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.dispose());

interface Change {
  buildingId: number;
  roomIds?: number[];
  version: number;
}

/** Opens the event stream of a building and collects its events until closed. */
const listen = (buildingId: number) =>
  listenTo<Change>(`${origin}/api/building-table/buildings/${buildingId}/events`);

async function buildingOf(roomId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ buildingId: rooms.buildingId })
    .from(rooms)
    .where(eq(rooms.id, roomId));
  return row?.buildingId as number;
}

describe('the building table event stream', () => {
  it('pushes a booked room to its building’s viewers within a second, and its release', async () => {
    const [roomId] = await greenRoomIds(t.database.db, 1);
    const buildingId = await buildingOf(roomId as number);
    const viewer = listen(buildingId);
    const elsewhere = listen(buildingId + 100_000);
    const ready = await viewer.waitFor((e) => e.event === 'ready');
    expect(viewer.headers()['content-type']).toContain('text/event-stream');
    expect(viewer.headers()['x-accel-buffering']).toBe('no');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const buyer = await freshBuyer(t.database.db);
    const sent = Date.now();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { houseId: roomId, agreed: true },
    });
    expect(created.statusCode).toBe(200);
    const booked = await viewer.waitFor(
      (e) => e.event === 'rooms' && (e.data.roomIds ?? []).includes(roomId as number),
    );
    expect(booked.at - sent).toBeLessThan(1000);
    expect(booked.data.version).toBeGreaterThan(ready.data.version);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${created.json().data.id}/cancel`,
      headers: buyer.headers,
      payload: { cancelReason: '改变主意' },
    });
    expect(cancelled.statusCode).toBe(200);
    const released = await viewer.waitFor(
      (e) => e.event === 'rooms' && e.data.version > booked.data.version,
    );
    expect(released.data.roomIds).toContain(roomId);
    expect(elsewhere.events.filter((e) => e.event === 'rooms')).toEqual([]);
    viewer.close();
    elsewhere.close();
  });

  it('pushes a change an operator or any other code makes to a room', async () => {
    const [, roomId] = await greenRoomIds(t.database.db, 2);
    const buildingId = await buildingOf(roomId as number);
    const viewer = listen(buildingId);
    await viewer.waitFor((e) => e.event === 'ready');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.database.db
      .update(rooms)
      .set({ currentPrice: 12_345 })
      .where(and(eq(rooms.id, roomId as number)));
    await viewer.waitFor(
      (e) => e.event === 'rooms' && (e.data.roomIds ?? []).includes(roomId as number),
    );
    viewer.close();
  });

  it('answers 400 for a malformed building id', async () => {
    const res = await t.app.inject({ url: '/api/building-table/buildings/abc/events' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('10001');
  });
});
