import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildings, projects, rooms } from '../../db/schema/index';

interface Room {
  id: number;
  buildArea: number;
  color: string;
  inBand: boolean;
}
interface Excerpt {
  buildingId: number;
  tabletNum: string;
  unitId: number;
  unit: string;
  buildings: Array<{ id: number; tabletNum: string }>;
  units: Array<{ id: number; name: string }>;
  floors: Array<{ floor: number; houseList: Room[] }>;
}

let t: TestApp;
let projectId: number;
let otherProjectBuilding: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
  const [row] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(buildings, eq(buildings.projectId, projects.id))
    .where(eq(projects.publishStatus, 3))
    .groupBy(projects.id)
    .having(sql`${count()} > 1`)
    .orderBy(projects.id)
    .limit(1);
  projectId = row?.id ?? 0;
  const [other] = await t.database.db
    .select({ id: buildings.id })
    .from(buildings)
    .where(sql`${buildings.projectId} <> ${projectId}`)
    .limit(1);
  otherProjectBuilding = other?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const excerpt = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/building-excerpt${query}` });
const dataOf = async (query = '') => {
  const res = await excerpt(query);
  expect(res.statusCode).toBe(200);
  return res.json().data as Excerpt;
};

describe('building excerpt filters', () => {
  it('defaults to the first building and unit and lists the picker options', async () => {
    expect(projectId).toBeGreaterThan(0);
    const data = await dataOf();
    expect(data.buildings.length).toBeGreaterThan(1);
    expect(data.buildingId).toBe(data.buildings[0]?.id);
    expect(data.unitId).toBe(data.units[0]?.id);
    expect(data.floors.length).toBeGreaterThan(0);
    expect(data.floors.length).toBeLessThanOrEqual(6);
    const floors = data.floors.map((f) => f.floor);
    expect(floors).toEqual([...floors].sort((a, b) => b - a));
    expect(data.floors.every((f) => f.houseList.every((r) => r.inBand))).toBe(true);
  });

  it('answers the chosen building and unit', async () => {
    const first = await dataOf();
    const second = first.buildings[1];
    const data = await dataOf(`?buildingId=${second?.id}`);
    expect(data.buildingId).toBe(second?.id);
    expect(data.tabletNum).toBe(second?.tabletNum);
    expect(data.units[0]?.id).toBe(data.unitId);
    const ids = data.floors.flatMap((f) => f.houseList.map((r) => r.id));
    const owned = await t.database.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.buildingId, data.buildingId), eq(rooms.unitName, data.unit)));
    const ownedIds = new Set(owned.map((r) => r.id));
    expect(ids.every((id) => ownedIds.has(id))).toBe(true);
    const last = data.units.at(-1);
    const byUnit = await dataOf(`?buildingId=${data.buildingId}&unitId=${last?.id}`);
    expect(byUnit.unit).toBe(last?.name);
  });

  it('marks rooms outside the area band and keeps the floors', async () => {
    const all = await dataOf();
    const banded = await dataOf('?buildAreaScope=2');
    expect(banded.floors.map((f) => f.floor)).toEqual(all.floors.map((f) => f.floor));
    for (const room of banded.floors.flatMap((f) => f.houseList)) {
      expect(room.inBand).toBe(room.buildArea >= 60 && room.buildArea < 90);
    }
    const empty = await dataOf('?buildAreaScope=');
    expect(empty.floors.every((f) => f.houseList.every((r) => r.inBand))).toBe(true);
  });

  it('shows live room states (no caching)', async () => {
    const before = await dataOf();
    const room = before.floors[0]?.houseList[0];
    const next = room?.color === 'gray' ? 'green' : 'gray';
    await t.database.db
      .update(rooms)
      .set({ saleStatus: next })
      .where(eq(rooms.id, room?.id ?? 0));
    const after = await dataOf();
    expect(after.floors[0]?.houseList[0]?.color).toBe(next);
  });

  it('reads colours as the full table does: overdue payments green, unlicensed rooms gray', async () => {
    const db = t.database.db;
    const before = await dataOf();
    const [first, second] = before.floors[0]?.houseList ?? [];
    const [building] = await db
      .select({ licenceId: buildings.licenceId })
      .from(buildings)
      .where(eq(buildings.id, before.buildingId));
    await db
      .update(rooms)
      .set({ saleStatus: 'yellow', payExpireTime: new Date(Date.now() - 60_000) })
      .where(eq(rooms.id, first?.id ?? 0));
    await db
      .update(rooms)
      .set({ saleStatus: 'green' })
      .where(eq(rooms.id, second?.id ?? 0));
    expect((await dataOf()).floors[0]?.houseList.slice(0, 2).map((r) => r.color)).toEqual([
      'green',
      'green',
    ]);

    await db.update(buildings).set({ licenceId: null }).where(eq(buildings.id, before.buildingId));
    expect((await dataOf()).floors[0]?.houseList.slice(0, 2).map((r) => r.color)).toEqual([
      'gray',
      'gray',
    ]);
    await db
      .update(buildings)
      .set({ licenceId: building?.licenceId ?? null })
      .where(eq(buildings.id, before.buildingId));
  });

  it('answers 400 in Chinese for bad filters', async () => {
    const cases: Array<[string, string]> = [
      ['?buildingId=abc', '请选择正确的楼栋'],
      ['?buildingId=0', '请选择正确的楼栋'],
      ['?unitId=1.5', '请选择正确的单元'],
      ['?buildAreaScope=9', '请选择正确的面积范围'],
      [`?buildingId=${otherProjectBuilding}`, '所选楼栋不属于该楼盘'],
      ['?unitId=99999999', '所选单元不属于该楼栋'],
    ];
    for (const [query, message] of cases) {
      const res = await excerpt(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});
