import type { ListingEdit, StoredPicture } from '@portal/shared/schemas/listings';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { priceChanges, projects, rooms, secondHandListings, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { markPriceChange } from './price-source';

type Headers = { authorization: string };

let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  admin = await bearerFor(t.database.db, '13900000000');
});
afterAll(async () => t?.dispose());

/** The recorded changes of one subject, newest first. */
async function changesOf(kind: 'project' | 'room' | 'listing', id: number) {
  return t.database.db
    .select()
    .from(priceChanges)
    .where(and(eq(priceChanges.subjectKind, kind), eq(priceChanges.subjectId, id)))
    .orderBy(desc(priceChanges.id));
}

async function publicHistory(path: string) {
  const response = await t.app.inject({ url: `/api/price-history/${path}` });
  return { status: response.statusCode, body: response.json() };
}

/** The console's edit body of a project (`PUT /api/admin/projects/:id`). */
async function projectFacts(id: number) {
  const detail = (await t.app.inject({ url: `/api/admin/projects/${id}`, headers: admin })).json()
    .data;
  const {
    id: _id,
    districtName: _district,
    tags,
    allTags: _allTags,
    album: _album,
    licences: _licences,
    buildings: _buildings,
    ...facts
  } = detail;
  return { ...facts, tagIds: (tags as Array<{ id: number }>).map((tag) => tag.id) };
}

describe('project 平台价 changed in the console', () => {
  it('records old, new, date and source, serves it publicly at once, and a save without a price change records nothing', async () => {
    const [project] = await t.database.db
      .select({ id: projects.id, price: projects.platformPrice })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .limit(1);
    const id = project!.id;
    const before = await publicHistory(`projects/${id}`);
    expect(before.status).toBe(200);
    const recorded = before.body.data.changes.length;
    const facts = await projectFacts(id);

    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/projects/${id}`,
      headers: admin,
      payload: { ...facts, projectIntroduce: '项目简介已更新' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await changesOf('project', id)).toHaveLength(recorded);

    const newPrice = project!.price - 300;
    const started = Date.now();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/projects/${id}`,
      headers: admin,
      payload: { ...facts, platformPrice: newPrice },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [latest] = await changesOf('project', id);
    expect(latest).toMatchObject({ oldPrice: project!.price, newPrice, source: 'console' });
    expect(latest!.changedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);

    const after = await publicHistory(`projects/${id}`);
    expect(after.body.data.currentPrice).toBe(newPrice);
    expect(after.body.data.changes).toHaveLength(recorded + 1);
    expect(after.body.data.changes.at(-1)).toMatchObject({
      oldPrice: project!.price,
      newPrice,
      changePercent: Math.round((-300 / project!.price) * 1000) / 10,
    });
  });
});

describe('room unit price changed in the console', () => {
  it('records a repricing and nothing for the same price again; the console route needs an operator', async () => {
    const [room] = await t.database.db
      .select({ id: rooms.id, price: rooms.currentPrice })
      .from(rooms)
      .where(
        and(
          eq(rooms.saleStatus, 'green'),
          sql`not exists (select 1 from orders o where o.room_id = ${rooms.id})`,
        ),
      )
      .limit(1);
    const id = room!.id;
    const url = `/api/admin/rooms/${id}/price`;
    const buyer = await bearerFor(t.database.db, '13800000001');
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: buyer,
      payload: { currentPrice: room!.price + 500 },
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url,
      payload: { currentPrice: room!.price + 500 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await changesOf('room', id)).toHaveLength(0);

    const priced = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { currentPrice: room!.price + 500 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { currentPrice: room!.price + 500 },
    });
    expect(again.statusCode).toBe(200);
    const changes = await changesOf('room', id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      oldPrice: room!.price,
      newPrice: room!.price + 500,
      source: 'console',
    });
    const history = await publicHistory(`rooms/${id}`);
    expect(history.body.data).toMatchObject({
      currentPrice: room!.price + 500,
      unit: 'yuanPerSquareMetre',
    });
  });

  it('records a bulk load that names itself `import`, back-dated, and any unnamed writer as `database`', async () => {
    const db = t.database.db;
    const list = await db
      .select({ id: rooms.id, price: rooms.currentPrice })
      .from(rooms)
      .where(eq(rooms.saleStatus, 'gray'))
      .limit(3);
    expect(list.length).toBe(3);
    const at = new Date('2026-03-01T02:00:00Z');
    await db.transaction(async (tx) => {
      await markPriceChange(tx, 'import', at);
      await tx
        .update(rooms)
        .set({ currentPrice: sql`${rooms.currentPrice} + 100` })
        .where(sql`${rooms.id} in ${list.map((r) => r.id)}`);
    });
    for (const room of list) {
      const [change] = await changesOf('room', room.id);
      expect(change).toMatchObject({
        oldPrice: room.price,
        newPrice: room.price + 100,
        source: 'import',
      });
      expect(change!.changedAt.toISOString()).toBe(at.toISOString());
    }
    const first = list[0]!;
    await db.update(rooms).set({ currentPrice: first.price }).where(eq(rooms.id, first.id));
    const [unnamed] = await changesOf('room', first.id);
    expect(unnamed).toMatchObject({
      oldPrice: first.price + 100,
      newPrice: first.price,
      source: 'database',
    });
    expect(Date.now() - unnamed!.changedAt.getTime()).toBeLessThan(60_000);
    await db.update(rooms).set({ saleStatus: 'gray' }).where(eq(rooms.id, first.id));
    expect(await changesOf('room', first.id)).toHaveLength(2);
  });
});

const refs = (pictures: StoredPicture[]) =>
  pictures.map((p) => ({ path: p.path, name: p.name, cover: p.cover }));

/** A published sale listing of a real-name verified owner, signed in as that owner. */
async function ownedPublishedSale() {
  const [row] = await t.database.db
    .select({ id: secondHandListings.id, price: secondHandListings.price, phone: users.phone })
    .from(secondHandListings)
    .innerJoin(users, eq(users.id, secondHandListings.userId))
    .where(
      and(
        eq(secondHandListings.type, 1),
        eq(secondHandListings.publishStatus, 3),
        eq(users.realNameAuth, true),
        sql`not exists (select 1 from price_changes c where c.subject_kind = 'listing' and c.subject_id = ${secondHandListings.id} and c.source = 'owner')`,
      ),
    )
    .limit(1);
  return { ...row!, headers: await bearerFor(t.database.db, row!.phone!) };
}

describe('listing price changed by its owner', () => {
  it('records 调价 and shows it in the public history at once', async () => {
    const listing = await ownedPublishedSale();
    const before = await publicHistory(`listings/${listing.id}`);
    expect(before.status).toBe(200);
    const newPrice = listing.price - 20_000;
    const repriced = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/price`,
      headers: listing.headers,
      payload: { price: newPrice },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const [change] = await changesOf('listing', listing.id);
    expect(change).toMatchObject({ oldPrice: listing.price, newPrice, source: 'owner' });
    const after = await publicHistory(`listings/${listing.id}`);
    expect(after.body.data).toMatchObject({ currentPrice: newPrice, unit: 'yuan' });
    expect(after.body.data.changes).toHaveLength(before.body.data.changes.length + 1);

    const same = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/price`,
      headers: listing.headers,
      payload: { price: newPrice },
    });
    expect(same.statusCode).toBe(400);
    expect(await changesOf('listing', listing.id)).toHaveLength(after.body.data.changes.length);
  });

  it('records a price changed in the edit dialog, and nothing for an edit that keeps the price', async () => {
    const listing = await ownedPublishedSale();
    const recorded = (await changesOf('listing', listing.id)).length;
    const read = await t.app.inject({
      url: `/api/listings/mine/${listing.id}`,
      headers: listing.headers,
    });
    const edit = read.json().data as ListingEdit;
    const body = {
      ...edit.form,
      secondHouse: refs(edit.secondHouse),
      secondCertificate: refs(edit.secondCertificate),
      secondIdCard: refs(edit.secondIdCard),
      secondLicense: refs(edit.secondLicense),
    };
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${listing.id}`,
      headers: listing.headers,
      payload: { ...body, description: `${edit.form.description}（已更新看房时间）` },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await changesOf('listing', listing.id)).toHaveLength(recorded);
    // The edit sent it back to review; withdrawn, it may be edited again.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/audit`,
      headers: listing.headers,
      payload: { operation: 4 },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const priced = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${listing.id}`,
      headers: listing.headers,
      payload: { ...body, price: edit.form.price + 30_000 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const changes = await changesOf('listing', listing.id);
    expect(changes).toHaveLength(recorded + 1);
    expect(changes[0]).toMatchObject({
      oldPrice: edit.form.price,
      newPrice: edit.form.price + 30_000,
      source: 'owner',
    });
    // Withdrawn, the listing and so its history are not public.
    expect((await publicHistory(`listings/${listing.id}`)).status).toBe(404);
  });
});

describe('the public history endpoints', () => {
  it('answers 404 for what is not public and 400 for a malformed id, never a 500', async () => {
    const [draft] = await t.database.db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, 1))
      .limit(1);
    const hidden = await publicHistory(`listings/${draft!.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('房源不存在');
    const [unpublished] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(sql`${projects.publishStatus} <> 3`)
      .limit(1);
    if (unpublished) expect((await publicHistory(`projects/${unpublished.id}`)).status).toBe(404);
    expect((await publicHistory('projects/99999999')).body.message).toBe('楼盘不存在');
    const bad = await publicHistory('rooms/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('编号格式不正确');
  });
});

describe('the demo seed', () => {
  it('dates its price changes in the past through the same recording, ending at the current prices', async () => {
    const seeded = await t.database.db
      .select()
      .from(priceChanges)
      .where(eq(priceChanges.source, 'seed'))
      .orderBy(priceChanges.changedAt, priceChanges.id);
    const kinds = new Set(seeded.map((row) => row.subjectKind));
    expect(kinds).toEqual(new Set(['project', 'listing']));
    expect(seeded.every((row) => row.changedAt.getTime() < Date.now() - 86_400_000)).toBe(true);
    const [listingChange] = seeded.filter((row) => row.subjectKind === 'listing').slice(-1);
    const [row] = await t.database.db
      .select({ price: secondHandListings.price })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, listingChange!.subjectId));
    const lastOfListing = seeded.filter(
      (change) => change.subjectKind === 'listing' && change.subjectId === listingChange!.subjectId,
    );
    expect(lastOfListing.at(-1)!.newPrice).toBe(row!.price);
  });
});
