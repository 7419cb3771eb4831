import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DISTRICT_CODES } from '@portal/shared/constants/districts';
import { profileUpdateSchema } from '@portal/shared/schemas/auth';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { bigramTsQuery } from '../db/bigrams';
import { identityHashOf } from '../db/identity-cipher';
import {
  buildings,
  buyerRecords,
  houseModels,
  licences,
  news,
  orders,
  projects,
  projectTags,
  rooms,
  secondHandListings,
  tags,
  users,
} from '../db/schema/index';
import { describePayee } from '../integrations/bank/bank-payee';
import { verifyPassword } from '../modules/auth/password';
import { listHomeProjects } from '../modules/content/content.queries';
import {
  DEMO_ACCOUNTS,
  DEMO_BUYER_QUERY,
  isDatabaseEmpty,
  resetDatabase,
  seedCity,
  type SeedSummary,
} from './index';

const SCALE = 0.05;

describe('seedCity at a small scale', () => {
  let database: TestDatabase;
  let uploadsDir: string;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-seed-')), 'uploads');
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    summary = await seedCity(database.db, { scale: SCALE, uploadsDir });
  });

  afterAll(async () => {
    await database?.dispose();
    rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
  });

  it('reports the counts that are in the database', async () => {
    const [row] = await database.db.select({ n: count() }).from(rooms);
    expect(summary.counts.rooms).toBe(row?.n);
    expect(summary.counts.projects).toBeGreaterThanOrEqual(DISTRICT_CODES.length);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('paints every building-table colour', async () => {
    const rows = await database.db.selectDistinct({ status: rooms.saleStatus }).from(rooms);
    expect(rows.map((r) => r.status).sort()).toEqual(['blue', 'gray', 'green', 'yellow']);
  });

  it('keeps live room colours and orders consistent', async () => {
    const live = await database.db
      .select({
        status: rooms.saleStatus,
        payStatus: orders.payStatus,
        pay: rooms.payExpireTime,
        lock: rooms.lockExpireTime,
      })
      .from(rooms)
      .leftJoin(orders, and(eq(orders.roomId, rooms.id), sql`${orders.payStatus} in (1, 3)`))
      .where(sql`${rooms.saleStatus} in ('yellow', 'blue')`);
    for (const row of live) {
      if (row.status === 'yellow') expect([row.payStatus, row.pay !== null]).toEqual([1, true]);
      else expect([row.payStatus, row.lock !== null]).toEqual([3, true]);
    }
  });

  it('has orders in every pay status 0–7; the demo buyer holds a finished history and no live order', async () => {
    const all = await database.db.selectDistinct({ s: orders.payStatus }).from(orders);
    expect(all.map((r) => r.s).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const demo = await database.db
      .selectDistinct({ s: orders.payStatus })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(users.phone, '13800000001'));
    expect(demo.map((r) => r.s).sort()).toEqual([0, 2, 4, 5, 6, 7]);
    // One live order per identity: no seeded identity holds two.
    const live = await database.db
      .select({ hash: orders.identityHash, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.payStatus} in (1, 3) and ${orders.netSignNumber} is null`)
      .groupBy(orders.identityHash);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((row) => row.hash !== null && row.n === 1)).toBe(true);
  });

  it('publishes at least one project in every district', async () => {
    const rows = await database.db
      .selectDistinct({ code: projects.districtCode })
      .from(projects)
      .where(eq(projects.publishStatus, 3));
    expect(rows.map((r) => r.code).sort()).toEqual([...DISTRICT_CODES].sort());
  });

  it('creates the demo accounts with hashed passwords and the right real-name state', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await database.db.select().from(users).where(eq(users.phone, account.phone));
      expect(user).toBeDefined();
      expect(user?.passwordHash).not.toContain(account.password);
      expect(await verifyPassword(account.password, user?.passwordHash ?? '')).toBe(true);
      expect(user?.realNameAuth).toBe(account.realNameAuth);
      expect(user?.role).toBe(account.role);
    }
    const [buyer] = await database.db.select().from(users).where(eq(users.phone, '13800000001'));
    expect(buyer?.realName).toBeTruthy();
    expect(buyer?.idCard).toMatch(/^\d{17}[\dX]$/);
  });

  it('stores the buyer-query credential with a hashed purchase password', async () => {
    const [record] = await database.db
      .select()
      .from(buyerRecords)
      .where(
        and(
          eq(buyerRecords.districtCode, DEMO_BUYER_QUERY.areaCode),
          eq(buyerRecords.idCardHash, identityHashOf(DEMO_BUYER_QUERY.idCard)),
          eq(buyerRecords.netSignNumber, DEMO_BUYER_QUERY.netsignnum),
        ),
      );
    expect(record?.houseList.length).toBe(1);
    expect(await verifyPassword(DEMO_BUYER_QUERY.password, record?.passwordHash ?? '')).toBe(true);
  });

  it('writes the pictures the rows point to', async () => {
    const [project] = await database.db
      .select({ cover: projects.coverPath })
      .from(projects)
      .limit(1);
    expect(project?.cover).toMatch(/^seed\/.+\.svg$/);
    expect(existsSync(path.join(uploadsDir, project?.cover ?? 'missing'))).toBe(true);
  });

  it('fills the search bigrams so a two-character keyword finds projects and listings', async () => {
    const [project] = await database.db
      .select({ name: projects.publishName })
      .from(projects)
      .limit(1);
    const keyword = (project?.name ?? '').slice(0, 2);
    const found = await database.db
      .select({ name: projects.publishName })
      .from(projects)
      .where(sql`${projects.searchBigrams} @@ ${bigramTsQuery(keyword)}::tsquery`);
    expect(found.map((r) => r.name)).toContain(project?.name);
    const [listing] = await database.db
      .select({ n: count() })
      .from(secondHandListings)
      .where(
        sql`${secondHandListings.searchBigrams} @@ ${bigramTsQuery('小区')}::tsquery or ${secondHandListings.searchBigrams} @@ ${bigramTsQuery('室')}::tsquery`,
      );
    expect(listing?.n).toBeGreaterThan(0);
  });

  it('lets the database number new rows after the seeded ids', async () => {
    const [created] = await database.db
      .insert(users)
      .values({ phone: '13700000099', nickname: '新用户' })
      .returning({ id: users.id });
    expect(created?.id).toBeGreaterThan(summary.counts.users);
  });

  it('seeds no two articles with one title', async () => {
    const repeated = await database.db
      .select({ title: news.title, n: count() })
      .from(news)
      .groupBy(news.title)
      .having(sql`count(*) > 1`);
    expect(repeated).toEqual([]);
  });

  it('tags 以旧换新 exactly the projects with the trade-in flag', async () => {
    const tagged = await database.db
      .select({ id: projectTags.projectId })
      .from(projectTags)
      .innerJoin(tags, eq(tags.id, projectTags.tagId))
      .where(eq(tags.tagName, '以旧换新'));
    const flagged = await database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.tradein, true));
    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);
    expect(ids(tagged)).toEqual(ids(flagged));
    expect(flagged.length).toBeGreaterThan(0);
  });

  it('gives every user a nickname the profile form accepts', async () => {
    const rows = await database.db.select({ nickname: users.nickname }).from(users);
    const bad = rows.filter(
      (r) => !profileUpdateSchema.shape.nickName.safeParse(r.nickname ?? '').success,
    );
    expect(bad).toEqual([]);
  });

  it('shows every group-buy project in the home page grid', async () => {
    const groupBuy = await database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.groupBuy, true), eq(projects.publishStatus, 3)));
    expect(groupBuy.length).toBe(3);
    const grid = await listHomeProjects(database.db, { size: 8, areaCode: undefined });
    for (const { id } of groupBuy) expect(grid.map((card) => card.id)).toContain(id);
  });

  it('spells room counts and building names one way, and draws each model from its rooms', async () => {
    const models = await database.db.select().from(houseModels);
    for (const model of models) {
      expect(model.houseType).not.toMatch(/二室|二居|二厅|二卫/);
      expect(model.picturePath).toBe(`seed/plans/${model.id}.svg`);
      expect(existsSync(path.join(uploadsDir, model.picturePath ?? ''))).toBe(true);
    }
    const summaries = await database.db.select({ s: projects.houseTypeStr }).from(projects);
    for (const { s } of summaries) expect(s).toMatch(/^([一两三四五]室、?)+$/);
    const named = await database.db
      .select({ name: buildings.name, phase: buildings.buildAreaName })
      .from(buildings);
    for (const b of named)
      expect([b.name, b.phase]).toEqual([expect.stringMatching(/^\d+号楼$/), '']);
  });

  it('seeds no VR link: the VR card is only for a real tour', async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(projects)
      .where(sql`${projects.vrLink} is not null`);
    expect(row?.n).toBe(0);
  });

  it('names the building’s supervision account, not the platform, as the deposit payee', async () => {
    const [order] = await database.db
      .select({ orderNo: orders.orderNo, bank: licences.bank, account: licences.account })
      .from(orders)
      .innerJoin(rooms, eq(rooms.id, orders.roomId))
      .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
      .innerJoin(licences, eq(licences.id, buildings.licenceId))
      .limit(1);
    const payee = await describePayee(database.db, order?.orderNo ?? '');
    expect(payee).toContain('预售资金监管账户');
    expect(payee).toContain(`${order?.bank} ${order?.account}`);
    expect(payee).not.toContain('平台');
  });

  it('empties on reset and seeds the same city again', async () => {
    const names = async () =>
      (
        await database.db
          .select({ name: projects.publishName })
          .from(projects)
          .orderBy(asc(projects.id))
      ).map((r) => r.name);
    const before = await names();
    await resetDatabase(database.db);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const [left] = await database.db.select({ n: count() }).from(orders);
    expect(left?.n).toBe(0);
    const again = await seedCity(database.db, { scale: SCALE, uploadsDir });
    expect(again.counts).toEqual(summary.counts);
    expect(await names()).toEqual(before);
  });
});
