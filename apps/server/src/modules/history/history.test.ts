import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { browsingHistory, projects, secondHandListings, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';

let t: TestApp;
let buyer: { authorization: string };
let other: { authorization: string };
let otherId: number;
let projectId: number;
let saleId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  buyer = await bearerFor(db, '13800000001');
  other = await bearerFor(db, '13800000002');
  const idOf = async (phone: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]?.id as number;
  otherId = await idOf('13800000002');
  projectId = (
    await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .orderBy(asc(projects.id))
      .limit(1)
  )[0]?.id as number;
  saleId = (
    await db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(
        and(
          eq(secondHandListings.type, 1),
          eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
        ),
      )
      .orderBy(asc(secondHandListings.id))
      .limit(1)
  )[0]?.id as number;
});
afterAll(async () => t.dispose());

const record = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/history', headers, payload });
const list = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/history', headers });
const clear = (headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: '/api/history', headers });

describe('browsing history', () => {
  it('needs a session for recording, listing and clearing (401, 90001)', async () => {
    for (const response of [
      await record({}, { businessType: 'PROJECT', businessId: projectId }),
      await list({}),
      await clear({}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('90001');
    }
  });

  it('refuses bad input with 400 and a missing target with 404', async () => {
    const badType = await record(buyer, { businessType: 'NEWS', businessId: 1 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('浏览记录类型不正确');
    const badId = await record(buyer, { businessType: 'PROJECT', businessId: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('编号格式不正确');
    const missing = await record(buyer, { businessType: 'LISTING', businessId: 2147483000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('房源不存在或已下架');
  });

  it('records a project and a listing, newest first, once each, and only for the caller', async () => {
    await clear(buyer);
    expect(
      (await record(buyer, { businessType: 'PROJECT', businessId: projectId })).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await record(buyer, { businessType: 'LISTING', businessId: saleId })).statusCode).toBe(
      200,
    );
    let body = (await list(buyer)).json().data;
    expect(body.list.map((e: { businessType: string }) => e.businessType)).toEqual([
      'LISTING',
      'PROJECT',
    ]);
    expect(body.list[0]).toMatchObject({ businessId: saleId, kind: 'sale', available: true });
    expect(body.list[0].priceText).toMatch(/万$/);
    expect(body.list[1]).toMatchObject({ businessId: projectId, kind: 'project' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await record(buyer, { businessType: 'PROJECT', businessId: projectId });
    body = (await list(buyer)).json().data;
    expect(body.list).toHaveLength(2);
    expect(body.list[0].businessType).toBe('PROJECT');
    expect((await list(other)).json().data.list).toEqual([]);
  });

  it('keeps only the newest 50 entries', async () => {
    const db = t.database.db;
    await clear(other);
    const old = Date.now() - 86_400_000;
    await db.insert(browsingHistory).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: otherId,
        businessType: 'LISTING',
        businessId: 1_000_000 + i,
        viewedAt: new Date(old + i * 1000),
      })),
    );
    await record(other, { businessType: 'PROJECT', businessId: projectId });
    const rows = await db.select().from(browsingHistory).where(eq(browsingHistory.userId, otherId));
    expect(rows).toHaveLength(50);
    expect(rows.some((r) => r.businessType === 'PROJECT' && r.businessId === projectId)).toBe(true);
    // The oldest eleven views were dropped.
    const kept = rows.filter((r) => r.businessType === 'LISTING').map((r) => r.businessId);
    expect(Math.min(...kept)).toBe(1_000_011);
  });

  it('clears only the caller’s own history', async () => {
    await record(buyer, { businessType: 'LISTING', businessId: saleId });
    const cleared = await clear(other);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ message: '浏览记录已清空', data: { removed: 50 } });
    expect((await list(other)).json().data.list).toEqual([]);
    expect((await list(buyer)).json().data.list.length).toBeGreaterThan(0);
  });
});
