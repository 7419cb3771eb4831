import {
  PROJECT_TOTAL_BANDS,
  type RangeBand,
  roomTotalPrice,
} from '@portal/shared/constants/project-filters';
import { projectSearchQuerySchema } from '@portal/shared/schemas/projects';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, rooms } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { invalidateProjectReads } from '../../lib/read-cache';
import { type AdminTestContext, openAdminTest } from '../admin/admin-test-helpers';
import { searchCacheKey } from './projects.service';

let c: AdminTestContext;

beforeAll(async () => {
  c = await openAdminTest();
}, 120_000);
afterAll(async () => {
  await c?.t.dispose();
});

async function searchIds(query: string): Promise<{ ids: number[]; total: number }> {
  const res = await c.t.app.inject({ method: 'GET', url: `/api/projects?pageSize=50&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: { list: Array<{ id: number }>; total: number } }>().data;
  return { ids: data.list.map((item) => item.id).sort((a, b) => a - b), total: data.total };
}

async function inBand(projectId: number, code: string): Promise<boolean> {
  return (await searchIds(`totalScope=${code}`)).ids.includes(projectId);
}

/** Published projects with a for-sale room whose stored total lies in [min, max). */
async function expectedIds(band: RangeBand): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    c.t.database.db,
    sql`select p.id from projects p where p.publish_status = 3 and exists (
      select 1 from rooms r where r.project_id = p.id and r.sale_status = 'green'
        and (${band.min}::int is null or r.total_price >= ${band.min}::int)
        and (${band.max}::int is null or r.total_price < ${band.max}::int))
      order by p.id`,
  );
  return rows.map((row) => row.id);
}

/** A published project and one of its for-sale rooms that no order has touched. */
async function freeRoom(): Promise<{ projectId: number; roomId: number; buildArea: number }> {
  const [room] = await c.t.database.db
    .select({ projectId: rooms.projectId, roomId: rooms.id, buildArea: rooms.buildArea })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .where(
      and(
        eq(projects.publishStatus, 3),
        eq(rooms.saleStatus, 'green'),
        sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
      ),
    )
    .limit(1);
  if (!room) throw new Error('the seed has no free room for sale');
  return room;
}

/** Puts every other room of the project at 40万 (band 1), so only `roomId` decides bands 2–5. */
async function isolate(projectId: number, roomId: number): Promise<void> {
  await c.t.database.db
    .update(rooms)
    .set({ totalPrice: 400_000 })
    .where(and(eq(rooms.projectId, projectId), ne(rooms.id, roomId)));
}

async function setTotal(roomId: number, totalPrice: number, saleStatus = 'green'): Promise<void> {
  await c.t.database.db.update(rooms).set({ totalPrice, saleStatus }).where(eq(rooms.id, roomId));
  invalidateProjectReads();
}

describe('GET /api/projects 总价 bands (totalScope)', () => {
  it('lists exactly the published projects with a room for sale in each band', async () => {
    for (const band of PROJECT_TOTAL_BANDS) {
      const expected = await expectedIds(band);
      const found = await searchIds(`totalScope=${band.code}`);
      expect(found.total, band.label).toBe(expected.length);
      expect(found.ids, band.label).toEqual(expected.slice(0, 50));
    }
    const all = await searchIds('');
    const oneBand = await searchIds('totalScope=3');
    expect(oneBand.total).toBeLessThan(all.total);
    expect(oneBand.total).toBeGreaterThan(0);
  });

  it('includes the lower bound of a band and excludes the upper one, counting only rooms for sale', async () => {
    const { projectId, roomId } = await freeRoom();
    await isolate(projectId, roomId);

    await setTotal(roomId, 1_000_000);
    expect(await inBand(projectId, '3')).toBe(true);
    expect(await inBand(projectId, '2')).toBe(false);

    await setTotal(roomId, 999_999);
    expect(await inBand(projectId, '2')).toBe(true);
    expect(await inBand(projectId, '3')).toBe(false);

    await setTotal(roomId, 1_500_000);
    expect(await inBand(projectId, '4')).toBe(true);
    expect(await inBand(projectId, '3')).toBe(false);

    await setTotal(roomId, 1_200_000, 'gray');
    expect(await inBand(projectId, '3')).toBe(false);
    expect(await inBand(projectId, '1')).toBe(true);

    await setTotal(roomId, 1_200_000, 'green');
    expect(await inBand(projectId, '3')).toBe(true);
  });

  it('moves a project between bands when an operator reprices its room, through the cache', async () => {
    const { projectId, roomId, buildArea } = await freeRoom();
    await isolate(projectId, roomId);
    const cheap = Math.ceil(1_200_000 / buildArea);
    const dear = Math.ceil(2_500_000 / buildArea);

    const first = await c.send('PUT', `/api/admin/rooms/${roomId}/price`, { currentPrice: cheap });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.totalPrice).toBe(roomTotalPrice(buildArea, cheap));
    // Read twice: the second answer comes from the read cache.
    expect(await inBand(projectId, '3')).toBe(true);
    expect(await inBand(projectId, '3')).toBe(true);
    expect(await inBand(projectId, '5')).toBe(false);

    const second = await c.send('PUT', `/api/admin/rooms/${roomId}/price`, { currentPrice: dear });
    expect(second.statusCode, second.body).toBe(200);
    expect(await inBand(projectId, '3')).toBe(false);
    expect(await inBand(projectId, '5')).toBe(true);
    const [stored] = await c.t.database.db
      .select({ totalPrice: rooms.totalPrice })
      .from(rooms)
      .where(eq(rooms.id, roomId));
    expect(stored?.totalPrice).toBe(roomTotalPrice(buildArea, dear));
  });

  it('keys the cached search on the band', () => {
    const base = projectSearchQuerySchema.parse({});
    const banded = projectSearchQuerySchema.parse({ totalScope: '3' });
    expect(searchCacheKey(banded)).not.toBe(searchCacheKey(base));
    expect(searchCacheKey(banded)).not.toBe(
      searchCacheKey(projectSearchQuerySchema.parse({ totalScope: '4' })),
    );
  });

  it('refuses an unknown band in Chinese and treats an empty one as 不限', async () => {
    for (const code of ['0', '6', 'abc', '100-150']) {
      const res = await c.t.app.inject({ method: 'GET', url: `/api/projects?totalScope=${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toContain('总价区间不存在');
    }
    const all = await searchIds('');
    expect((await searchIds('totalScope=')).total).toBe(all.total);
  });
});
