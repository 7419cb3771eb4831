import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildings, licences, orders, projects, rooms, units } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { greenRoomWithoutLicence } from '../orders/orders-test-helpers';

interface Room {
  id: number;
  floor: number;
  buildArea: number;
  color: string;
  payExpireTime: string | null;
  lockExpireTime: string | null;
  delayStatus: number | null;
  allowSell: boolean;
  showCountDown: boolean;
  noSaleReason: string | null;
}
interface Rooms {
  buildingId: number;
  unit: string;
  floors: Array<{ floor: number; houseList: Room[] }>;
  legend: Record<string, number>;
}
interface Building {
  id: number;
  tabletNum: string;
  units: string[];
  presale: { licence: string; modifiedTime: string; bank: string | null } | null;
}

let t: TestApp;
let projectId: number;
let blueRoom: { id: number; buildingId: number; unitName: string };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  const [blue] = await db
    .select({ id: rooms.id, buildingId: rooms.buildingId, unitName: rooms.unitName })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .where(and(eq(rooms.saleStatus, 'blue'), eq(projects.publishStatus, 3)))
    .orderBy(asc(rooms.id))
    .limit(1);
  if (!blue) throw new Error('no blue room seeded');
  blueRoom = blue;
  const [building] = await db
    .select({ projectId: buildings.projectId })
    .from(buildings)
    .where(eq(buildings.id, blue.buildingId));
  projectId = building?.projectId ?? 0;
}, 120_000);
afterAll(async () => t.dispose());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const roomsOf = async (buildingId: number, query = '') => {
  const res = await get(`/api/building-table/buildings/${buildingId}/rooms${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Rooms;
};
const allRooms = (data: Rooms) => data.floors.flatMap((f) => f.houseList);

async function projectOfBuilding(buildingId: number) {
  const [row] = await t.database.db
    .select({ projectId: buildings.projectId })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return row?.projectId;
}

/** Rooms per sale_status of one building and unit, straight from the table. */
async function sqlLegend(buildingId: number, unit: string, band?: [number, number]) {
  const rows = await t.database.db
    .select({ status: rooms.saleStatus, n: count() })
    .from(rooms)
    .where(
      and(
        eq(rooms.buildingId, buildingId),
        eq(rooms.unitName, unit),
        band ? gte(rooms.buildArea, band[0]) : undefined,
        band ? lt(rooms.buildArea, band[1]) : undefined,
      ),
    )
    .groupBy(rooms.saleStatus);
  const legend: Record<string, number> = { green: 0, yellow: 0, blue: 0, gray: 0 };
  for (const row of rows) legend[row.status] = row.n;
  return legend;
}

describe('buildings of a project', () => {
  it('lists the buildings in order with unit names and the pre-sale record', async () => {
    const res = await get(`/api/building-table/projects/${projectId}/buildings`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Building[];
    const expected = await t.database.db
      .select({ id: buildings.id, licenceId: buildings.licenceId })
      .from(buildings)
      .where(eq(buildings.projectId, projectId))
      .orderBy(asc(buildings.sort), asc(buildings.id));
    expect(list.map((b) => b.id)).toEqual(expected.map((b) => b.id));
    const first = list[0] as Building;
    const unitRows = await t.database.db
      .select({ name: units.name })
      .from(units)
      .where(eq(units.buildingId, first.id))
      .orderBy(asc(units.sort));
    expect(first.units).toEqual(unitRows.map((u) => u.name));
    const licensed = expected.find((b) => b.licenceId !== null);
    const [licence] = await t.database.db
      .select()
      .from(licences)
      .where(eq(licences.id, licensed?.licenceId ?? 0));
    expect(list.find((b) => b.id === licensed?.id)?.presale).toEqual({
      licence: licence?.licenceNo,
      modifiedTime: licence?.issueDate,
      bank: licence?.bank,
      account: licence?.account,
    });
  });

  it('answers 404 for an unknown or unpublished project and 400 for a bad id', async () => {
    expect((await get('/api/building-table/projects/99999999/buildings')).statusCode).toBe(404);
    const [hidden] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(sql`${projects.publishStatus} <> 3`)
      .limit(1);
    if (hidden) {
      const res = await get(`/api/building-table/projects/${hidden.id}/buildings`);
      expect(res.statusCode).toBe(404);
    }
    const bad = await get('/api/building-table/projects/abc/buildings');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('楼盘编号不正确');
  });
});

describe('floors with rooms', () => {
  it('defaults to the first unit, floors highest first, legend equal to SQL counts', async () => {
    const data = await roomsOf(blueRoom.buildingId);
    const [firstUnit] = await t.database.db
      .select({ name: units.name })
      .from(units)
      .where(eq(units.buildingId, blueRoom.buildingId))
      .orderBy(asc(units.sort), asc(units.id))
      .limit(1);
    expect(data.unit).toBe(firstUnit?.name);
    const floors = data.floors.map((f) => f.floor);
    expect(floors).toEqual([...floors].sort((a, b) => b - a));
    expect(data.floors.every((f) => f.houseList.every((r) => r.floor === f.floor))).toBe(true);
    expect(data.legend).toEqual(await sqlLegend(blueRoom.buildingId, data.unit));
  });

  it('answers the chosen unit and shows the live order of blue rooms', async () => {
    const data = await roomsOf(
      blueRoom.buildingId,
      `?unit=${encodeURIComponent(blueRoom.unitName)}`,
    );
    expect(data.unit).toBe(blueRoom.unitName);
    expect(data.legend).toEqual(await sqlLegend(blueRoom.buildingId, blueRoom.unitName));
    const room = allRooms(data).find((r) => r.id === blueRoom.id);
    const [order] = await t.database.db
      .select({ expireTime: orders.expireTime, delayStatus: orders.delayStatus })
      .from(orders)
      .where(and(eq(orders.roomId, blueRoom.id), eq(orders.payStatus, 3)));
    expect(room).toMatchObject({
      color: 'blue',
      lockExpireTime: order?.expireTime?.toISOString(),
      delayStatus: order?.delayStatus,
      payExpireTime: null,
      allowSell: false,
      showCountDown: true,
    });
    const gray = allRooms(data).find((r) => r.color === 'gray');
    if (gray) expect(gray).toMatchObject({ lockExpireTime: null, delayStatus: null });
  });

  it('filters by 面积 band: rooms outside the band disappear, counts match SQL', async () => {
    const all = allRooms(await roomsOf(blueRoom.buildingId));
    const bands: Array<[string, number, number]> = [
      ['1', 0, 60],
      ['2', 60, 90],
      ['3', 90, 120],
      ['4', 120, 144],
      ['5', 144, 100_000],
    ];
    let total = 0;
    for (const [code, min, max] of bands) {
      const data = await roomsOf(blueRoom.buildingId, `?buildAreaScope=${code}`);
      const inBand = allRooms(data);
      expect(
        inBand.every((r) => r.buildArea >= min && r.buildArea < max),
        code,
      ).toBe(true);
      expect(inBand.length).toBe(all.filter((r) => r.buildArea >= min && r.buildArea < max).length);
      expect(data.legend).toEqual(await sqlLegend(blueRoom.buildingId, data.unit, [min, max]));
      total += inBand.length;
    }
    expect(total).toBe(all.length);
    expect(allRooms(await roomsOf(blueRoom.buildingId, '?buildAreaScope='))).toHaveLength(
      all.length,
    );
  });

  it('answers 404 for an unknown building and 400 in Chinese for bad filters', async () => {
    expect((await get('/api/building-table/buildings/99999999/rooms')).statusCode).toBe(404);
    const cases: Array<[string, string]> = [
      ['/api/building-table/buildings/abc/rooms', '楼栋编号不正确'],
      ['/api/building-table/buildings/0/rooms', '楼栋编号不正确'],
      [
        `/api/building-table/buildings/${blueRoom.buildingId}/rooms?buildAreaScope=9`,
        '请选择正确的面积范围',
      ],
      [
        `/api/building-table/buildings/${blueRoom.buildingId}/rooms?unit=99单元`,
        '所选单元不属于该楼栋',
      ],
    ];
    for (const [url, message] of cases) {
      const res = await get(encodeURI(url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(message);
    }
  });
});

describe('a building without a pre-sale licence', () => {
  it('is seeded without a room on sale', async () => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(rooms)
      .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
      .where(and(isNull(buildings.licenceId), eq(rooms.saleStatus, 'green')));
    expect(row?.n).toBe(0);
  });

  it('never offers a room for sale: a green room reads gray with the reason', async () => {
    const licensed = allRooms(await roomsOf(blueRoom.buildingId));
    expect(licensed.every((r) => r.noSaleReason === null)).toBe(true);

    const room = await greenRoomWithoutLicence(t.database.db);
    const [placed] = await t.database.db
      .select({ unit: rooms.unitName })
      .from(rooms)
      .where(eq(rooms.id, room.id));
    const data = await roomsOf(room.buildingId, `?unit=${encodeURIComponent(placed?.unit ?? '')}`);
    const cells = allRooms(data);
    expect(cells.find((r) => r.id === room.id)).toMatchObject({
      color: 'gray',
      allowSell: false,
      noSaleReason: '未取得预售许可证',
    });
    expect(cells.filter((r) => r.color === 'gray').every((r) => r.noSaleReason)).toBe(true);
    // The legend counts what is shown: no room on sale, the stored green one among 不可售.
    const stored = await sqlLegend(room.buildingId, data.unit);
    expect(stored.green).toBe(1);
    expect(data.legend).toEqual({ ...stored, green: 0, gray: (stored.gray ?? 0) + 1 });
    const buildingsRes = await get(
      `/api/building-table/projects/${(await projectOfBuilding(room.buildingId)) ?? 0}/buildings`,
    );
    const listed = (buildingsRes.json().data as Building[]).find((b) => b.id === room.buildingId);
    expect(listed?.presale).toBeNull();
  });
});

describe('yellow rooms follow their order', () => {
  it('shows a new order yellow with its deadline, and green once the window passed', async () => {
    const data = await roomsOf(blueRoom.buildingId);
    const green = allRooms(data).find((r) => r.color === 'green');
    if (!green) throw new Error('no green room in the unit');
    const buyer = await bearerFor(t.database.db, '13800000001');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer,
      payload: { houseId: green.id, agreed: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { payExpireTime } = created.json().data as { payExpireTime: string };
    const locked = allRooms(await roomsOf(blueRoom.buildingId)).find((r) => r.id === green.id);
    expect(locked).toMatchObject({
      color: 'yellow',
      payExpireTime,
      allowSell: false,
      showCountDown: true,
    });
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(orders)
      .set({ payExpireTime: past })
      .where(and(eq(orders.roomId, green.id), inArray(orders.payStatus, [1])));
    await t.database.db.update(rooms).set({ payExpireTime: past }).where(eq(rooms.id, green.id));
    const freed = allRooms(await roomsOf(blueRoom.buildingId)).find((r) => r.id === green.id);
    expect(freed).toMatchObject({ color: 'green', payExpireTime: null, allowSell: true });
  });
});

describe('where a room sits', () => {
  it('answers the project, building and unit of a room, 404 for an unknown one', async () => {
    const res = await get(`/api/building-table/rooms/${blueRoom.id}`);
    expect(res.statusCode).toBe(200);
    const [project] = await t.database.db
      .select({ publishName: projects.publishName })
      .from(projects)
      .where(eq(projects.id, projectId));
    expect(res.json().data).toMatchObject({
      id: blueRoom.id,
      projectId,
      publishName: project?.publishName,
      buildingId: blueRoom.buildingId,
      unit: blueRoom.unitName,
    });
    expect((await get('/api/building-table/rooms/99999999')).statusCode).toBe(404);
    expect((await get('/api/building-table/rooms/x1')).statusCode).toBe(400);
  });
});

describe('a 33-floor unit with 12 rooms a floor', () => {
  it('answers all 396 rooms quickly', async () => {
    const db = t.database.db;
    const [licence] = await db
      .select({ id: licences.id })
      .from(licences)
      .where(eq(licences.projectId, projectId))
      .limit(1);
    const [building] = await db
      .insert(buildings)
      .values({ projectId, name: '99号楼', floors: 33, sort: 99, licenceId: licence?.id })
      .returning({ id: buildings.id });
    const buildingId = building?.id ?? 0;
    const [unit] = await db
      .insert(units)
      .values({ buildingId, name: '1单元', sort: 1 })
      .returning({ id: units.id });
    const values = [];
    for (let floor = 1; floor <= 33; floor += 1) {
      for (let position = 1; position <= 12; position += 1) {
        values.push({
          projectId,
          buildingId,
          unitId: unit?.id ?? 0,
          unitName: '1单元',
          floor,
          roomNumber: `${floor}${String(position).padStart(2, '0')}`,
          housePurpose: '住宅',
          buildArea: 50 + position * 10,
          currentPrice: 10000,
          totalPrice: 10000 * (50 + position * 10),
          saleStatus: position % 4 === 0 ? 'gray' : 'green',
        });
      }
    }
    await db.insert(rooms).values(values);
    await roomsOf(buildingId);
    const started = performance.now();
    const data = await roomsOf(buildingId);
    const elapsed = performance.now() - started;
    expect(data.floors).toHaveLength(33);
    expect(data.floors.every((f) => f.houseList.length === 12)).toBe(true);
    expect(data.legend).toEqual({ green: 297, yellow: 0, blue: 0, gray: 99 });
    expect(elapsed).toBeLessThan(500);
    const empty = await roomsOf(buildingId, '?buildAreaScope=1');
    expect(empty).toMatchObject({ unit: '1单元', floors: [] });
    expect(empty.legend).toEqual({ green: 0, yellow: 0, blue: 0, gray: 0 });
  });
});
