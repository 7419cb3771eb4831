import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { identityHashOf } from '../../db/identity-cipher';
import { buildings, orders, projects, rooms, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { freshBuyer } from './orders-test-helpers';
import { createOrder } from './orders.service';

type Headers = { authorization: string };

let t: TestApp;
/** Green, licensed rooms of published projects, grouped by project (projects with ≥ 3 rooms). */
let byProject: Array<{ projectId: number; roomIds: number[] }>;
const taken = new Set<number>();

beforeAll(async () => {
  t = await createTestApp({
    seedScale: 0.05,
    env: { ORDER_CREATE_PER_ACCOUNT: '4', ORDER_CREATE_PER_CLIENT: '1000' },
  });
  const rows = await t.database.db
    .select({ id: rooms.id, projectId: rooms.projectId })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(
      and(
        eq(rooms.saleStatus, 'green'),
        eq(projects.publishStatus, 3),
        isNotNull(buildings.licenceId),
      ),
    )
    .orderBy(rooms.id);
  const groups = new Map<number, number[]>();
  for (const row of rows) groups.set(row.projectId, [...(groups.get(row.projectId) ?? []), row.id]);
  byProject = [...groups]
    .map(([projectId, roomIds]) => ({ projectId, roomIds }))
    .filter((g) => g.roomIds.length >= 3);
  expect(byProject.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => t.dispose());

/** A green room of the n-th project that no test took yet. */
function room(project: number): number {
  const id = byProject[project]?.roomIds.find((r) => !taken.has(r)) as number;
  taken.add(id);
  return id;
}

const create = (headers: Headers, houseId: number) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: { houseId, agreed: true } });
const cancel = (headers: Headers, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/cancel`,
    headers,
    payload: { cancelReason: '不想要了' },
  });

async function colour(id: number) {
  const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
  return row?.saleStatus;
}

describe('one live deposit order per identity', () => {
  it('lets the seeded demo buyer book a green flat at once', async () => {
    const demo = await bearerFor(t.database.db, '13800000001');
    const id = room(0);
    const response = await create(demo, id);
    expect(response.statusCode).toBe(200);
    const cancelled = await cancel(demo, response.json().data.id);
    expect(cancelled.statusCode).toBe(200);
  });

  it('refuses a second order elsewhere (60015) saying what the buyer holds and until when', async () => {
    const { headers } = await freshBuyer(t.database.db);
    const first = await create(headers, room(0));
    expect(first.statusCode).toBe(200);
    const { houseName } = first.json().data as { houseName: string };
    for (const other of [room(0), room(1)]) {
      const refused = await create(headers, other);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('60015');
      expect(refused.json().message).toContain(`您已持有${houseName}的待支付的订约金订单`);
      expect(refused.json().message).toMatch(/支付截止\d{4}-\d\d-\d\d \d\d:\d\d/);
      expect(await colour(other)).toBe('green');
    }
    const preview = await t.app.inject({
      url: `/api/orders/preview?houseId=${room(2)}`,
      headers,
    });
    expect(preview.json().code).toBe('60015');
  });

  it('counts by identity, not by account: two accounts of one ID number racing get one order', async () => {
    const a = await freshBuyer(t.database.db);
    const [row] = await t.database.db
      .select({ idCard: users.idCard })
      .from(users)
      .where(eq(users.id, a.id));
    // A second account verified with the same ID number (an older duplicate the unique hash
    // could not keep): the order rules still see one person.
    const b = await freshBuyer(t.database.db);
    await t.database.db
      .update(users)
      .set({ idCard: row?.idCard as string, identityHash: null })
      .where(eq(users.id, b.id));
    const rooms2 = [room(0), room(1)];
    const answers = await Promise.all([
      create(a.headers, rooms2[0]!),
      create(b.headers, rooms2[1]!),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('60015');
    const live = await t.database.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.identityHash, identityHashOf(row?.idCard as string)),
          eq(orders.payStatus, 1),
        ),
      );
    expect(live).toHaveLength(1);
  });

  it('is enforced by the database itself: a second live order row of an identity is refused', async () => {
    const buyer = await freshBuyer(t.database.db);
    const now = new Date();
    const { id } = await createOrder(
      t.database.db,
      buyer.id,
      { houseId: room(1), agreed: true },
      now,
    );
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    const { id: _id, orderNo, ...copy } = order as typeof orders.$inferSelect;
    await expect(
      t.database.db.insert(orders).values({ ...copy, orderNo: `${orderNo}X`, roomId: room(2) }),
    ).rejects.toThrow();
  });

  it('lets an operator raise one project’s limit: more rooms there, still none elsewhere', async () => {
    const project = byProject[2] as { projectId: number };
    await t.database.db
      .update(projects)
      .set({ identityOrderLimit: 2 })
      .where(eq(projects.id, project.projectId));
    const { headers } = await freshBuyer(t.database.db);
    expect((await create(headers, room(2))).statusCode).toBe(200);
    expect((await create(headers, room(2))).statusCode).toBe(200);
    const third = await create(headers, room(2));
    expect(third.json().code).toBe('60015');
    expect(third.json().message).toContain('同一身份在本项目同时最多持有2笔');
    const elsewhere = await create(headers, room(0));
    expect(elsewhere.json().code).toBe('60015');
  });

  it('frees the identity once its order closes unpaid', async () => {
    const { headers } = await freshBuyer(t.database.db);
    const first = await create(headers, room(0));
    expect((await cancel(headers, first.json().data.id)).statusCode).toBe(200);
    expect((await create(headers, room(1))).statusCode).toBe(200);
  });
});

describe('cooling-off after three closed unpaid orders in 24 hours', () => {
  it('refuses the fourth order for 24 hours (60016) and says until when', async () => {
    const buyer = await freshBuyer(t.database.db);
    const start = new Date(Date.now() - 10 * 60_000);
    for (let i = 0; i < 3; i += 1) {
      const at = new Date(start.getTime() + i * 60_000);
      const { id } = await createOrder(
        t.database.db,
        buyer.id,
        { houseId: room(1), agreed: true },
        at,
      );
      await t.database.db
        .update(orders)
        .set({ payStatus: 0, cancelTime: new Date(at.getTime() + 10_000) })
        .where(eq(orders.id, id));
      await t.database.db
        .update(rooms)
        .set({ saleStatus: 'green', payExpireTime: null })
        .where(eq(rooms.id, (await orderRoom(id)) as number));
    }
    const later = new Date(start.getTime() + 3 * 60_000);
    await expect(
      createOrder(t.database.db, buyer.id, { houseId: room(1), agreed: true }, later),
    ).rejects.toMatchObject({ code: '60016' });
    const refused = await create(buyer.headers, room(1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d前不能提交新订单/);
    // A day after the third cancellation the identity may order again.
    const dayLater = new Date(start.getTime() + 2 * 60_000 + 10_000 + 86_400_000 + 1000);
    const again = await createOrder(
      t.database.db,
      buyer.id,
      { houseId: room(1), agreed: true },
      dayLater,
    );
    expect(again.id).toBeGreaterThan(0);
  });
});

async function orderRoom(id: number) {
  const [row] = await t.database.db
    .select({ roomId: orders.roomId })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.roomId;
}

describe('rate limit of order creation', () => {
  it('refuses an account over its per-minute limit with 60017 (429)', async () => {
    const { headers } = await freshBuyer(t.database.db);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await create(headers, 99_999_000 + i));
    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(answers[4]?.statusCode).toBe(429);
    expect(answers[4]?.json()).toMatchObject({
      code: '60017',
      message: '提交订单过于频繁，请稍后再试',
    });
    // Another account from the same address is not held up by it.
    const other = await freshBuyer(t.database.db);
    expect((await create(other.headers, 99_999_100)).statusCode).toBe(404);
  });
});
