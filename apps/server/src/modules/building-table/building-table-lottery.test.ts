import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildingVersions,
  buildings,
  lotteryBatches,
  projects,
  rooms,
} from '../../db/schema/index';
import { DRAND_QUICKNET } from '../../integrations/beacon/index';
import { useAdminTest } from '../admin/admin-test-helpers';
import { freshBuyer } from '../orders/orders-test-helpers';
import { roomsSnapshotCache } from './rooms-snapshot';

/**
 * 摇号房源 on the building table (docs/product/lottery.md): the rooms read names each room's
 * batch, and the building's kept answer changes when rooms join a batch and when it is drawn.
 */

interface Room {
  id: number;
  color: string;
  allowSell: boolean;
  lottery: { batchId: number; title: string; drawn: boolean } | null;
}
interface Rooms {
  floors: Array<{ floor: number; houseList: Room[] }>;
}

const c = useAdminTest();
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A licensed building's unit of a published project with green rooms in no batch and no order. */
let place: { buildingId: number; projectId: number; unit: string; greenRooms: number[] };

beforeAll(async () => {
  const db = c.t.database.db;
  const [row] = await db
    .select({
      buildingId: rooms.buildingId,
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
        sql`not exists (select 1 from lottery_batches lb
          where lb.room_ids @> jsonb_build_array(${rooms.id}))`,
      ),
    )
    .groupBy(rooms.buildingId, rooms.projectId, rooms.unitName)
    .having(sql`count(*) >= 4`)
    .orderBy(asc(rooms.buildingId), asc(rooms.unitName))
    .limit(1);
  if (!row) throw new Error('the seed has no licensed unit with four untouched green rooms');
  place = row;
});

const cache = () => roomsSnapshotCache(c.t.database.db);

async function tableOf(buildingId: number, unit: string): Promise<Rooms> {
  const res = await c.t.app.inject({
    url: `/api/building-table/buildings/${buildingId}/rooms?unit=${encodeURIComponent(unit)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Rooms;
}
const roomIn = (data: Rooms, id: number) =>
  data.floors.flatMap((f) => f.houseList).find((room) => room.id === id);

async function versionOf(buildingId: number): Promise<number> {
  const [row] = await c.t.database.db
    .select({ version: buildingVersions.version })
    .from(buildingVersions)
    .where(eq(buildingVersions.buildingId, buildingId));
  return Number(row?.version);
}

/** The table of the chosen unit, read twice: the second time from the kept answer. */
async function keptTable(): Promise<Rooms> {
  const first = await tableOf(place.buildingId, place.unit);
  const { hits, misses } = cache();
  const second = await tableOf(place.buildingId, place.unit);
  expect(cache().hits).toBe(hits + 1);
  expect(cache().misses).toBe(misses);
  expect(second).toEqual(first);
  return second;
}

/** The table of the chosen unit after a change: read again from the database. */
async function freshTable(): Promise<Rooms> {
  const { misses } = cache();
  const data = await tableOf(place.buildingId, place.unit);
  expect(cache().misses, 'the change made the kept answer stale').toBe(misses + 1);
  return data;
}

describe('摇号房源 on the building table', () => {
  it("marks the seeded batches' rooms, drawn or not, and offers them to no one", async () => {
    const res = await c.t.app.inject({ url: '/api/lottery/batches' });
    const batches = res.json().data as Array<{
      id: number;
      title: string;
      roomIds: number[];
      drawnAt: string | null;
    }>;
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (const batch of batches) {
      const roomId = batch.roomIds[0]!;
      const where = (await c.t.app.inject({ url: `/api/building-table/rooms/${roomId}` })).json()
        .data as { buildingId: number; unit: string };
      const room = roomIn(await tableOf(where.buildingId, where.unit), roomId);
      expect(room).toMatchObject({
        allowSell: false,
        lottery: { batchId: batch.id, title: batch.title, drawn: batch.drawnAt !== null },
      });
    }
  });

  it('marks rooms as they join a batch and again when it is drawn, each time with a new version', async () => {
    const db = c.t.database.db;
    const [inBatch, alsoInBatch, outside] = place.greenRooms as [number, number, number];
    const before = await keptTable();
    expect(roomIn(before, inBatch)).toMatchObject({
      color: 'green',
      allowSell: true,
      lottery: null,
    });
    const versionBefore = await versionOf(place.buildingId);

    const created = await c.send('POST', '/api/admin/lottery/batches', {
      code: 'TB2026-01',
      title: '楼盘表测试批次',
      projectId: place.projectId,
      roomIds: [inBatch, alsoInBatch],
      prioritySharePct: 50,
      localHukouOrInsuranceMonths: 12,
      description: '',
      regOpensAt: iso(-HOUR),
      regClosesAt: iso(HOUR),
      reviewClosesAt: iso(2 * HOUR),
      drawAt: iso(3 * HOUR),
      slotMinutes: 3,
      missedGoesLast: true,
      beacon: 'simulator',
      beaconRound:
        Math.floor(
          (Date.now() / 1000 - DRAND_QUICKNET.genesisSeconds) / DRAND_QUICKNET.periodSeconds,
        ) - 100,
    });
    expect(created.statusCode, created.body).toBe(200);
    const batchId = created.json().data.id as number;
    const versionJoined = await versionOf(place.buildingId);
    expect(versionJoined).toBeGreaterThan(versionBefore);

    const joined = await freshTable();
    for (const id of [inBatch, alsoInBatch]) {
      expect(roomIn(joined, id)).toMatchObject({
        color: 'green',
        allowSell: false,
        lottery: { batchId, title: '楼盘表测试批次', drawn: false },
      });
    }
    expect(roomIn(joined, outside)).toMatchObject({ allowSell: true, lottery: null });
    // The server refuses the ordinary deposit, as the table says.
    const { headers } = await freshBuyer(db);
    const refused = await c.t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { houseId: inBatch, agreed: true },
    });
    expect(refused.statusCode).toBe(409);

    // Publishing the list changes nothing the table shows: the kept answer stays.
    await keptTable();
    await db
      .update(lotteryBatches)
      .set({
        regClosesAt: new Date(Date.now() - 2000),
        reviewClosesAt: new Date(Date.now() - 1000),
      })
      .where(eq(lotteryBatches.id, batchId));
    const published = await c.send('POST', `/api/admin/lottery/batches/${batchId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await versionOf(place.buildingId)).toBe(versionJoined);
    await keptTable();

    // The draw does: 选房 in the order of the draw has begun.
    await db
      .update(lotteryBatches)
      .set({ drawAt: new Date(Date.now() - 1000) })
      .where(eq(lotteryBatches.id, batchId));
    const drawn = await c.send('POST', `/api/admin/lottery/batches/${batchId}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(await versionOf(place.buildingId)).toBeGreaterThan(versionJoined);
    const after = await freshTable();
    expect(roomIn(after, inBatch)?.lottery).toEqual({
      batchId,
      title: '楼盘表测试批次',
      drawn: true,
    });
    expect(roomIn(after, outside)?.lottery).toBeNull();
  });
});
