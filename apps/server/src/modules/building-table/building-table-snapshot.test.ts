import { gunzipSync } from 'node:zlib';
import { PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loseFeedConnection, viewersWithoutWrites } from '../../../test/version-feed';
import { buildings, buildingVersions, projects, rooms, units } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { freshBuyer, greenRoomWithoutLicence } from '../orders/orders-test-helpers';
import { buildingRoomsBody, findBuildingRooms } from './building-table.queries';
import { buildingVersionReads, roomsSnapshotCache } from './rooms-snapshot';

interface Room {
  id: number;
  color: string;
  currentPrice: number;
  buildArea: number;
  payExpireTime: string | null;
  noSaleReason: string | null;
}
interface Rooms {
  buildingId: number;
  unit: string;
  floors: Array<{ floor: number; houseList: Room[] }>;
  legend: Record<string, number>;
}
type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
/** A licensed building of a published project with green rooms no order ever touched. */
let building: { id: number; projectId: number; unit: string; greenRooms: number[] };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  admin = await bearerFor(db, '13900000000');
  const [row] = await db
    .select({
      id: rooms.buildingId,
      projectId: rooms.projectId,
      unit: rooms.unitName,
      greenRooms: sql<number[]>`array_agg(${rooms.id} order by ${rooms.id})`,
    })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .where(
      and(
        eq(projects.publishStatus, 3),
        isNotNull(buildings.licenceId),
        eq(rooms.saleStatus, 'green'),
        sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
      ),
    )
    .groupBy(rooms.buildingId, rooms.projectId, rooms.unitName)
    .having(sql`count(*) >= 8`)
    .orderBy(asc(rooms.buildingId), asc(rooms.unitName))
    .limit(1);
  if (!row) throw new Error('the seed has no licensed building with eight untouched green rooms');
  building = row;
}, 120_000);
afterAll(async () => t.dispose());

const cache = () => roomsSnapshotCache(t.database.db);
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function tableOf(
  buildingId = building.id,
  query = `?unit=${encodeURIComponent(building.unit)}`,
) {
  const res = await inject('GET', `/api/building-table/buildings/${buildingId}/rooms${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Rooms;
}
const roomIn = (data: Rooms, id: number) =>
  data.floors.flatMap((f) => f.houseList).find((room) => room.id === id);

/**
 * Reads the table twice: the second answer must come from the snapshot (one more hit, no more
 * misses), by its URL, and equal the first. Returns the answer.
 */
async function cachedTable(buildingId = building.id, query?: string): Promise<Rooms> {
  const first = await tableOf(buildingId, query);
  const { hits, misses, keptHits } = cache();
  const second = await tableOf(buildingId, query);
  expect(cache().hits).toBe(hits + 1);
  expect(cache().misses).toBe(misses);
  expect(cache().keptHits, 'the same URL is answered before its query is checked').toBe(
    keptHits + 1,
  );
  expect(second).toEqual(first);
  return second;
}

/** Reads the table after a change: it must be read again from the database (a miss). */
async function freshTable(buildingId = building.id, query?: string): Promise<Rooms> {
  const { misses } = cache();
  const data = await tableOf(buildingId, query);
  expect(cache().misses, 'the change made the snapshot stale').toBe(misses + 1);
  return data;
}

async function bookThroughApi(roomId: number): Promise<{ orderId: number; headers: Headers }> {
  const { headers } = await freshBuyer(t.database.db);
  const res = await inject('POST', '/api/orders', headers, { houseId: roomId, agreed: true });
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: res.json().data.id as number, headers };
}

describe('building table snapshot', () => {
  it('serves repeated reads of one unit from the snapshot without reading the rooms again', async () => {
    const data = await cachedTable();
    expect(data.unit).toBe(building.unit);
    expect(data.legend.green).toBeGreaterThanOrEqual(8);
    // Each (unit, 面积 band) is a snapshot of its own; the default unit too.
    await cachedTable(building.id, '');
    const area = data.floors[0]?.houseList[0]?.buildArea ?? 0;
    const band = PROJECT_AREA_BANDS.find(
      (b) => (b.min === null || area >= b.min) && (b.max === null || area < b.max),
    );
    const banded = await cachedTable(
      building.id,
      `?unit=${encodeURIComponent(building.unit)}&buildAreaScope=${band?.code}`,
    );
    expect(banded.floors.length).toBeGreaterThan(0);
  });

  it('waits for a running deposit order before anything, a kept answer too', async () => {
    await cachedTable();
    const gate = t.app.foreground;
    const before = gate.deferred;
    gate.enter();
    try {
      // A kept answer waits for the order (at most the gate's limit), then is sent as kept.
      const { misses, keptHits } = cache();
      await tableOf(building.id);
      expect(gate.deferred).toBe(before + 1);
      expect(cache().keptHits).toBe(keptHits + 1);
      expect(cache().misses).toBe(misses);
      // A miss (filters never asked before) waits too, and again before its statement.
      await tableOf(building.id, `?unit=${encodeURIComponent(building.unit)}&bedroom=5`);
      expect(cache().misses).toBe(misses + 1);
      expect(gate.deferred).toBe(before + 3);
    } finally {
      gate.leave();
    }
  });

  it('is fresh at once after an order is created, paid and cancelled through the API', async () => {
    const [booked, cancelled] = building.greenRooms as [number, number];
    await cachedTable();
    const paid = await bookThroughApi(booked);
    expect(roomIn(await freshTable(), booked)?.color).toBe('yellow');

    await cachedTable();
    const form = await inject('POST', `/api/orders/${paid.orderId}/pay`, paid.headers, {});
    expect(form.statusCode, form.body).toBe(200);
    const tradeNo = /name="tradeNo" value="(SIM[0-9A-F]{12})"/.exec(form.json().data.html)?.[1];
    const bank = await t.app.inject({
      method: 'POST',
      url: `/dev/bank/pay/${tradeNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=paid',
    });
    expect(bank.statusCode).toBe(303);
    expect(roomIn(await freshTable(), booked)?.color).toBe('blue');

    const open = await bookThroughApi(cancelled);
    expect(roomIn(await cachedTable(), cancelled)?.color).toBe('yellow');
    const cancel = await inject('POST', `/api/orders/${open.orderId}/cancel`, open.headers, {
      cancelReason: '不想买了',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(roomIn(await freshTable(), cancelled)?.color).toBe('green');
  });

  it('is fresh at once after an operator reprices a room', async () => {
    const roomId = building.greenRooms[2] as number;
    const before = roomIn(await cachedTable(), roomId);
    const currentPrice = (before?.currentPrice ?? 0) + 137;
    const res = await inject('PUT', `/api/admin/rooms/${roomId}/price`, admin, { currentPrice });
    expect(res.statusCode, res.body).toBe(200);
    expect(roomIn(await freshTable(), roomId)?.currentPrice).toBe(currentPrice);
  });

  it('reads an overdue payment green from a snapshot, at the time of each request', async () => {
    const roomId = building.greenRooms[3] as number;
    await bookThroughApi(roomId);
    const data = await freshTable();
    const room = roomIn(data, roomId);
    expect(room?.color).toBe('yellow');
    const deadline = new Date(room?.payExpireTime as string);
    const { hits } = cache();
    const later = await findBuildingRooms(
      t.database.db,
      building.id,
      { unit: building.unit },
      new Date(deadline.getTime() + 1000),
    );
    expect(cache().hits, 'served from the snapshot').toBe(hits + 1);
    const overdue = later.floors.flatMap((f) => f.houseList).find((r) => r.id === roomId);
    expect(overdue).toMatchObject({ color: 'green', payExpireTime: null, allowSell: true });
    expect(later.legend.green).toBe((data.legend.green ?? 0) + 1);
    expect(later.legend.yellow).toBe((data.legend.yellow ?? 0) - 1);

    // The bytes the route sends are written once and sent again until the deadline passes.
    const query = { unit: building.unit };
    const early = new Date(deadline.getTime() - 60_000);
    const bodyAt = async (now: Date) =>
      (await buildingRoomsBody(t.database.db, building.id, query, { now })).body;
    const written = await bodyAt(early);
    expect(await bodyAt(early), 'the same bytes, not written again').toBe(written);
    const after = await bodyAt(new Date(deadline.getTime() + 1));
    expect(after).not.toBe(written);
    const sent = JSON.parse(after.toString()).data as Rooms;
    expect(roomIn(sent, roomId)?.color).toBe('green');
    expect(JSON.parse(written.toString()).data).toEqual(
      await findBuildingRooms(t.database.db, building.id, query, early),
    );
  });

  it('reads the version once for the viewers that ask at once, or not at all while it is heard', async () => {
    const versions = buildingVersionReads(t.database.db);
    const feed = t.database.feed;
    if (feed) {
      // PostgreSQL, its version feed's connection lost (it connects again after a second):
      // every viewer's version comes from one read running and one shared by the rest.
      await loseFeedConnection(t.database);
      const { reads, calls } = versions;
      const answers = await Promise.all(Array.from({ length: 30 }, () => tableOf()));
      expect(feed.fresh(), 'still connecting again').toBe(false);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(versions.calls - calls).toBe(30);
      expect(versions.reads - reads, 'one read running, one shared').toBeLessThanOrEqual(3);
    }
    // The embedded database announces every new version in process, and PostgreSQL's feed,
    // once fresh, has heard every version since: no read at all.
    expect(await viewersWithoutWrites(t.database, 30, () => tableOf(), versions)).toBe(0);
    const res = await inject(
      'GET',
      `/api/building-table/buildings/${building.id}/rooms?unit=${encodeURIComponent(building.unit)}`,
    );
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends the gzip copy to a client that accepts gzip, the same answer', async () => {
    const url = `/api/building-table/buildings/${building.id}/rooms?unit=${encodeURIComponent(building.unit)}`;
    const plain = await inject('GET', url);
    for (const acceptEncoding of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8']) {
      const res = await inject('GET', url, { 'accept-encoding': acceptEncoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body);
    }
    const refused = await inject('GET', url, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers a URL asked before from its kept bytes, in the encoding each client asks for', async () => {
    // A URL no other test asks (an empty filter is no filter: the answer other URLs are kept
    // under), after a change, so its first request writes the answer at the new version.
    const url = `/api/building-table/buildings/${building.id}/rooms?unit=${encodeURIComponent(building.unit)}&orientation=`;
    const roomId = building.greenRooms[4] as number;
    const room = roomIn(await tableOf(), roomId);
    const currentPrice = (room?.currentPrice ?? 0) + 11;
    const reprice = await inject('PUT', `/api/admin/rooms/${roomId}/price`, admin, {
      currentPrice,
    });
    expect(reprice.statusCode, reprice.body).toBe(200);
    const gzip = { 'accept-encoding': 'gzip' };
    const plain = await inject('GET', url);
    expect(roomIn(plain.json().data as Rooms, roomId)?.currentPrice).toBe(currentPrice);
    expect(plain.statusCode, plain.body).toBe(200);
    const { keptHits } = cache();
    // No gzip copy written yet: the route writes it, then later gzip requests are kept hits.
    const zipped = await inject('GET', url, gzip);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(cache().keptHits).toBe(keptHits);
    for (const headers of [gzip, {}, gzip]) {
      const res = await inject('GET', url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(headers === gzip ? 'gzip' : undefined);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const text = headers === gzip ? gunzipSync(res.rawPayload).toString() : res.body;
      expect(text).toBe(plain.body);
    }
    expect(cache().keptHits).toBe(keptHits + 3);

    // A URL refused by the route's checks is checked again every time.
    const bad = `/api/building-table/buildings/${building.id}/rooms?buildAreaScope=9`;
    for (let i = 0; i < 2; i += 1) {
      const res = await inject('GET', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('请选择正确的面积范围');
    }
  });

  it('is fresh at once after a pre-sale licence is assigned to the building', async () => {
    const db = t.database.db;
    const room = await greenRoomWithoutLicence(db);
    const [target] = await db
      .select({ unit: rooms.unitName })
      .from(rooms)
      .where(eq(rooms.id, room.id));
    const query = `?unit=${encodeURIComponent(target?.unit ?? '')}`;
    const before = roomIn(await cachedTable(room.buildingId, query), room.id);
    expect(before).toMatchObject({ color: 'gray' });
    expect(before?.noSaleReason).not.toBeNull();
    // The licence of the project's own licensed building, as an import would link it.
    const [licence] = await db
      .select({ id: buildings.licenceId })
      .from(buildings)
      .where(eq(buildings.id, building.id));
    await db
      .update(buildings)
      .set({ licenceId: licence?.id as number })
      .where(eq(buildings.id, room.buildingId));
    expect(roomIn(await freshTable(room.buildingId, query), room.id)).toMatchObject({
      color: 'green',
      noSaleReason: null,
    });
  });

  it('is fresh at once after a unit is renamed or a first unit added', async () => {
    const db = t.database.db;
    const [other] = await db
      .select({ id: buildings.id })
      .from(buildings)
      .innerJoin(projects, eq(projects.id, buildings.projectId))
      .where(
        and(
          eq(projects.publishStatus, 3),
          sql`${buildings.id} <> ${building.id}`,
          sql`exists (select 1 from rooms r where r.building_id = ${buildings.id})`,
        ),
      )
      .orderBy(asc(buildings.id))
      .limit(1);
    const buildingId = other?.id as number;
    const [first] = await db
      .select({ id: units.id, name: units.name, sort: units.sort })
      .from(units)
      .where(eq(units.buildingId, buildingId))
      .orderBy(asc(units.sort), asc(units.id))
      .limit(1);
    expect((await cachedTable(buildingId, '')).unit).toBe(first?.name);

    const renamed = `${first?.name}甲`;
    await db.transaction(async (tx) => {
      await tx
        .update(units)
        .set({ name: renamed })
        .where(eq(units.id, first?.id as number));
      await tx
        .update(rooms)
        .set({ unitName: renamed })
        .where(eq(rooms.unitId, first?.id as number));
    });
    const after = await freshTable(buildingId, '');
    expect(after.unit).toBe(renamed);
    expect(after.floors.length).toBeGreaterThan(0);

    await cachedTable(buildingId, '');
    await db.insert(units).values({ buildingId, name: '零单元', sort: (first?.sort ?? 0) - 1 });
    const added = await freshTable(buildingId, '');
    expect(added).toMatchObject({ unit: '零单元', floors: [] });
  });

  it('answers 404 at once after the project is withdrawn, and again after it is republished', async () => {
    const url = `/api/building-table/buildings/${building.id}/rooms?unit=${encodeURIComponent(building.unit)}`;
    await cachedTable();
    const setPublishStatus = async (publishStatus: number) => {
      await t.database.db
        .update(projects)
        .set({ publishStatus })
        .where(eq(projects.id, building.projectId));
    };
    await setPublishStatus(4);
    const gone = await inject('GET', url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('楼栋不存在');
    await setPublishStatus(3);
    await freshTable();
    await cachedTable();
  });

  it('gives every change of the answer a version read in one indexed look-up', async () => {
    const db = t.database.db;
    const version = async () =>
      (
        await db
          .select({ v: buildingVersions.version })
          .from(buildingVersions)
          .where(eq(buildingVersions.buildingId, building.id))
      )[0]?.v;
    const before = await version();
    // Changes that the answer does not show leave the version as it is.
    await db
      .update(projects)
      .set({ collectNumber: sql`${projects.collectNumber} + 1` })
      .where(eq(projects.id, building.projectId));
    expect(await version()).toBe(before);
    // A transaction's changes bump the building at its commit, not before.
    await db.transaction(async (tx) => {
      for (const id of building.greenRooms.slice(4, 8)) {
        await tx
          .update(rooms)
          .set({ currentPrice: sql`${rooms.currentPrice} + 1` })
          .where(eq(rooms.id, id));
      }
      const [inside] = await tx
        .select({ v: buildingVersions.version })
        .from(buildingVersions)
        .where(eq(buildingVersions.buildingId, building.id));
      expect(inside?.v, 'not yet bumped before commit').toBe(before);
    });
    const after = await version();
    expect(after).toBeGreaterThan(before as number);
  });

  it('books several rooms of one building at once without a deadlock', async () => {
    const free = await t.database.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(
        and(
          eq(rooms.buildingId, building.id),
          eq(rooms.saleStatus, 'green'),
          sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
        ),
      )
      .orderBy(asc(rooms.id))
      .limit(4);
    expect(free.length).toBe(4);
    await cachedTable();
    const buyers = await Promise.all(free.map(() => freshBuyer(t.database.db)));
    const results = await Promise.all(
      free.map((room, i) =>
        inject('POST', '/api/orders', buyers[i]?.headers, { houseId: room.id, agreed: true }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const data = await freshTable();
    expect(free.map((room) => roomIn(data, room.id)?.color)).toEqual([
      'yellow',
      'yellow',
      'yellow',
      'yellow',
    ]);
  });
});
