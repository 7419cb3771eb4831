import { ORIENTATIONS } from '@portal/shared/constants/places';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { houseModels, projects, rooms } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { invalidateProjectReads } from '../../lib/read-cache';

/*
 * 朝向 and 户型 filters of the building table and of the new-house search
 * (docs/product/new-build.md): rooms of the chosen way and bedroom count are answered, others not.
 */

interface TableRoom {
  id: number;
  orientation: string | null;
  houseModelId: number | null;
}
interface Rooms {
  floors: Array<{ floor: number; houseList: TableRoom[] }>;
  legend: Record<string, number>;
}

let t: TestApp;
/** A building and unit of a published project whose rooms face more than one way. */
let place: { buildingId: number; unitName: string; projectId: number };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const [row] = await selectRows<{ building_id: number; unit_name: string; project_id: number }>(
    t.database.db,
    sql`select r.building_id, r.unit_name, r.project_id from rooms r
        join projects p on p.id = r.project_id and p.publish_status = 3
        where r.orientation is not null and r.house_model_id is not null
        group by r.building_id, r.unit_name, r.project_id
        having count(distinct r.orientation) > 1
        order by r.building_id, r.unit_name limit 1`,
  );
  if (!row) throw new Error('the seed has no unit with rooms facing more than one way');
  place = { buildingId: row.building_id, unitName: row.unit_name, projectId: row.project_id };
}, 120_000);
afterAll(async () => t.dispose());

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function tableRooms(query: string): Promise<TableRoom[]> {
  const unit = encodeURIComponent(place.unitName);
  const res = await get(
    `/api/building-table/buildings/${place.buildingId}/rooms?unit=${unit}&${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Rooms }>().data.floors.flatMap((f) => f.houseList);
}

async function unitRooms() {
  return t.database.db
    .select({ id: rooms.id, orientation: rooms.orientation, bedroom: houseModels.bedroom })
    .from(rooms)
    .leftJoin(houseModels, eq(houseModels.id, rooms.houseModelId))
    .where(and(eq(rooms.buildingId, place.buildingId), eq(rooms.unitName, place.unitName)))
    .orderBy(asc(rooms.id));
}

describe('GET /api/building-table/buildings/:id/rooms 朝向 and 户型', () => {
  it('answers exactly the rooms of the chosen 朝向, and all of them again without it', async () => {
    const all = await unitRooms();
    const ways = [...new Set(all.map((r) => r.orientation).filter((o) => o !== null))];
    expect(ways.length).toBeGreaterThan(1);
    for (const way of ways) {
      const found = await tableRooms(`orientation=${way}`);
      const expected = all.filter((r) => r.orientation === way).map((r) => r.id);
      expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
      expect(found.every((r) => r.orientation === way)).toBe(true);
    }
    expect(await tableRooms('orientation=')).toHaveLength(all.length);
  });

  it('answers exactly the rooms whose house model has the bedroom count, with 朝向 too', async () => {
    const all = await unitRooms();
    const bedroom = all.find((r) => r.bedroom !== null)?.bedroom ?? 0;
    const way = all.find((r) => r.bedroom === bedroom)?.orientation ?? '';
    const code = bedroom >= 5 ? 5 : bedroom;
    const matches = (r: (typeof all)[number]) =>
      r.bedroom !== null && (code === 5 ? r.bedroom >= 5 : r.bedroom === code);
    const byBedroom = await tableRooms(`bedroom=${code}`);
    expect(byBedroom.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      all.filter(matches).map((r) => r.id),
    );
    const both = await tableRooms(`bedroom=${code}&orientation=${way}`);
    expect(both.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      all.filter((r) => matches(r) && r.orientation === way).map((r) => r.id),
    );
    // A bedroom count no model of the unit has: no rooms, an empty table (not an error).
    const absent = [1, 2, 3, 4, 5].find((n) => !all.some((r) => r.bedroom === n));
    if (absent !== undefined) expect(await tableRooms(`bedroom=${absent}`)).toEqual([]);
  });

  it('refuses an unknown 朝向 or 户型 with 400 and a Chinese message', async () => {
    for (const [query, message] of [
      ['orientation=11', '请选择正确的朝向'],
      ['orientation=south', '请选择正确的朝向'],
      ['bedroom=0', '请选择正确的户型'],
      ['bedroom=三室', '请选择正确的户型'],
    ] as const) {
      const res = await get(
        `/api/building-table/buildings/${place.buildingId}/rooms?${encodeURI(query)}`,
      );
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});

async function searchIds(query: string): Promise<number[]> {
  const res = await get(`/api/projects?pageSize=50&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: { list: Array<{ id: number }>; total: number } }>().data;
  expect(data.total).toBeLessThanOrEqual(50);
  return data.list.map((item) => item.id).sort((a, b) => a - b);
}

/** Published projects with a green room facing `way` (and of `bedroom` rooms, when given). */
async function expectedProjects(way: string, bedroom?: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    t.database.db,
    sql`select p.id from projects p where p.publish_status = 3 and exists (
      select 1 from rooms r left join house_models m on m.id = r.house_model_id
      where r.project_id = p.id and r.sale_status = 'green' and r.orientation = ${way}
        and (${bedroom ?? null}::int is null or m.bedroom = ${bedroom ?? null}::int))
      order by p.id`,
  );
  return rows.map((row) => row.id);
}

describe('GET /api/projects 朝向 and 户型', () => {
  it('keeps exactly the projects with a room for sale facing the chosen way', async () => {
    let seen = 0;
    for (const { code } of ORIENTATIONS) {
      const expected = await expectedProjects(code);
      seen += expected.length;
      expect(await searchIds(`orientation=${code}`), code).toEqual(expected);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('with 户型 too, the same room for sale has both', async () => {
    const [pair] = await selectRows<{ orientation: string; bedroom: number }>(
      t.database.db,
      sql`select r.orientation, m.bedroom from rooms r join house_models m on m.id = r.house_model_id
          where r.sale_status = 'green' and r.orientation is not null and m.bedroom < 5
          group by r.orientation, m.bedroom order by count(*) desc limit 1`,
    );
    if (!pair) throw new Error('the seed has no green room with a model and a 朝向');
    const expected = await expectedProjects(pair.orientation, pair.bedroom);
    expect(expected.length).toBeGreaterThan(0);
    expect(await searchIds(`orientation=${pair.orientation}&bedroom=${pair.bedroom}`)).toEqual(
      expected,
    );
  });

  it('drops a project at once when its last room of that 朝向 leaves sale (cache emptied)', async () => {
    const [room] = await t.database.db
      .select({ id: rooms.id, projectId: rooms.projectId, orientation: rooms.orientation })
      .from(rooms)
      .innerJoin(projects, eq(projects.id, rooms.projectId))
      .where(
        and(
          eq(projects.publishStatus, 3),
          eq(rooms.saleStatus, 'green'),
          isNotNull(rooms.orientation),
        ),
      )
      .limit(1);
    if (!room?.orientation) throw new Error('no green room with a 朝向');
    expect(await searchIds(`orientation=${room.orientation}`)).toContain(room.projectId);
    // Every other room of that project facing that way goes off sale.
    await t.database.db
      .update(rooms)
      .set({ saleStatus: 'gray' })
      .where(and(eq(rooms.projectId, room.projectId), eq(rooms.orientation, room.orientation)));
    invalidateProjectReads();
    expect(await searchIds(`orientation=${room.orientation}`)).not.toContain(room.projectId);
  });

  it('refuses an unknown 朝向 or 户型 with 400 and a Chinese message', async () => {
    for (const [query, message] of [
      ['orientation=0', '朝向不存在'],
      ['orientation=南', '朝向不存在'],
      ['bedroom=6', '户型不存在'],
    ] as const) {
      const res = await get(`/api/projects?${encodeURI(query)}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});
