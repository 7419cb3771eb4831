import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { adminAuditLog, notices, secondHandListings, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { multipart, newCitizen, saleListing, testImage } from './listings-test-helpers';

type Headers = { authorization: string };
type Citizen = { headers: Headers; id: number };
let t: TestApp;
let owner: Headers;
let admin: Headers;
let ownerId: number;
let reporters: Citizen[];

const DAY = 24 * 60 * 60 * 1000;
/** Real-name verification as the face check leaves it. */
async function verify(who: Citizen): Promise<Citizen> {
  await t.database.db
    .update(users)
    .set({ realNameAuth: true, realNameAuthAt: new Date() })
    .where(eq(users.id, who.id));
  return who;
}
/** An established account: registered 40 days ago, signed in again yesterday. */
async function establish(who: Citizen): Promise<Citizen> {
  const now = Date.now();
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(now - 40 * DAY), lastLoginAt: new Date(now - DAY) })
    .where(eq(users.id, who.id));
  return who;
}

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  owner = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
  ownerId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner })).json().data
    .userId;
  reporters = [
    await verify(await newCitizen(t, '13722220001', '举报人甲')),
    await verify(await newCitizen(t, '13722220002')),
    await verify(await newCitizen(t, '13722220003')),
  ];
});
afterAll(async () => t.dispose());

const post = (url: string, headers: Headers | Record<string, never>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url, headers: headers ?? {} });
const report = (id: number, who: Citizen, payload: object = { reason: 'sold' }) =>
  post(`/api/listings/${id}/reports`, who.headers, payload);

async function inSearch(title: string): Promise<boolean> {
  const response = await get(`/api/listings?type=1&keyword=${encodeURIComponent(title)}`);
  return response.json().data.list.some((l: { title: string }) => l.title === title);
}
async function latestNotice(userId: number) {
  const [row] = await t.database.db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id))
    .limit(1);
  return row;
}

describe('举报 by citizens', () => {
  it('needs a session, a published listing of someone else and a valid reason', async () => {
    const { id } = await saleListing(t, owner, admin, '举报规则小区 两室一厅 南北通透');
    expect((await post(`/api/listings/${id}/reports`, {}, { reason: 'sold' })).statusCode).toBe(
      401,
    );
    const own = await post(`/api/listings/${id}/reports`, owner, { reason: 'sold' });
    expect(own.json()).toMatchObject({ code: '70007' });
    const bad = await report(id, reporters[0] as Citizen, { reason: 'ugly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请选择举报原因');
    const long = await report(id, reporters[0] as Citizen, {
      reason: 'other',
      description: '长'.repeat(501),
    });
    expect(long.json().message).toBe('描述不能超过500个字');
    const photos = await report(id, reporters[0] as Citizen, { reason: 'photo', photos: 'x' });
    expect(photos.statusCode).toBe(400);
    expect(photos.json().message).toBe('举报图片格式不正确');
    const { id: pending } = await saleListing(t, owner);
    expect((await report(pending, reporters[0] as Citizen)).statusCode).toBe(404);
  });

  it('takes up to three own photos, one open report per citizen, and shows 已举报', async () => {
    const { id } = await saleListing(t, owner, admin, '照片举报小区 两室一厅 南北通透');
    const reporter = reporters[0] as Citizen;
    const body = multipart([{ name: 'p.png', bytes: await testImage('png'), type: 'image/png' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/listings/report-photos',
      headers: { ...reporter.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const path = uploaded.json().data.path as string;
    expect(path).toMatch(/^report\/\d+\/[a-f0-9]{32}\.png$/);
    // Another citizen cannot attach it.
    const stolen = await report(id, reporters[1] as Citizen, { reason: 'photo', photos: [path] });
    expect(stolen.json().code).toBe('70005');
    const four = await report(id, reporter, { reason: 'photo', photos: [path, path, path, path] });
    expect(four.json().message).toBe('最多上传3张图片');

    const first = await report(id, reporter, {
      reason: 'photo',
      description: '照片是别的小区',
      photos: [path],
    });
    expect(first.statusCode, first.body).toBe(200);
    const twice = await report(id, reporter, { reason: 'price' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('70006');
    expect((await get(`/api/listings/${id}`, reporter.headers)).json().data.hasOpenReport).toBe(
      true,
    );
    const queue = (await get(`/api/admin/listing-reports/${id}`, admin)).json().data;
    expect(queue).toHaveLength(1);
    expect(queue[0].status).toBe('open');
    expect(queue[0]).toMatchObject({ reporterName: '举报人甲', reason: 'photo' });
    expect(queue[0].photos[0].url).toMatch(/^\/oss\/private\//);
  });
});

describe('the report queue and its decisions', () => {
  it('hides a listing reported by three verified citizens from search until an operator decides', async () => {
    const title = '三人举报小区 三室两厅 南北通透';
    const { id } = await saleListing(t, owner, admin, title);
    expect(await inSearch(title)).toBe(true);
    for (const [i, reporter] of reporters.entries()) {
      expect((await report(id, reporter, { reason: i === 0 ? 'sold' : 'fake' })).statusCode).toBe(
        200,
      );
    }
    expect(await inSearch(title)).toBe(false);
    // Still reachable by its link while it is reviewed.
    expect((await get(`/api/listings/${id}`)).statusCode).toBe(200);

    const queue = (await get('/api/admin/listing-reports', admin)).json().data;
    const group = queue.list.find((g: { listing: { id: number } }) => g.listing.id === id);
    expect(group).toMatchObject({ openCount: 3, countingCount: 3, isHidden: true });
    expect(group.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'sold', count: 1 },
        { reason: 'fake', count: 2 },
      ]),
    );
    expect(queue.list[0].openCount).toBeGreaterThanOrEqual(group.openCount);
    expect((await get('/api/admin/listing-reports', reporters[0]?.headers)).statusCode).toBe(403);
    // A citizen cannot decide, not even to take the listing down.
    const byCitizen = await post(
      `/api/admin/listing-reports/${id}/decision`,
      reporters[0]?.headers as Headers,
      { decision: 'takeDown', note: '我说下架' },
    );
    expect(byCitizen.statusCode).toBe(403);
    expect(await inSearch(title)).toBe(false);

    const dismissed = await post(`/api/admin/listing-reports/${id}/decision`, admin, {
      decision: 'dismiss',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await inSearch(title)).toBe(true);
    expect((await latestNotice(reporters[1]?.id as number))?.content).toContain('暂未发现问题');
    expect((await latestNotice(ownerId))?.content).toContain('举报经平台核查不成立');
    const again = await post(`/api/admin/listing-reports/${id}/decision`, admin, {
      decision: 'dismiss',
    });
    expect(again.statusCode).toBe(409);
    // A decided report no longer blocks a new one from the same citizen.
    expect((await report(id, reporters[0] as Citizen)).statusCode).toBe(200);
  });

  it('does not hide a listing reported by three fresh accounts', async () => {
    const title = '新号举报小区 三室两厅 南北通透';
    const { id } = await saleListing(t, owner, admin, title);
    const fresh = [
      await newCitizen(t, '13722230001'),
      await newCitizen(t, '13722230002'),
      await newCitizen(t, '13722230003'),
    ];
    for (const who of fresh) expect((await report(id, who)).statusCode).toBe(200);
    expect(await inSearch(title)).toBe(true);
    const queue = (await get('/api/admin/listing-reports?pageSize=50', admin)).json().data;
    const group = queue.list.find((g: { listing: { id: number } }) => g.listing.id === id);
    expect(group).toMatchObject({ openCount: 3, countingCount: 0, isHidden: false });
    const detail = (await get(`/api/admin/listing-reports/${id}`, admin)).json().data;
    expect(detail.map((r: { qualified: boolean }) => r.qualified)).toEqual([false, false, false]);
    // An account registered long ago that never came back does not count either.
    const dormant = await newCitizen(t, '13722230004');
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 400 * DAY), lastLoginAt: null })
      .where(eq(users.id, dormant.id));
    await report(id, dormant);
    expect(await inSearch(title)).toBe(true);
  });

  it('keeps a dismissed case visible when the same reporters report again; new established reporters hide it', async () => {
    const title = '驳回再举报小区 两室一厅 南北通透';
    const { id } = await saleListing(t, owner, admin, title);
    for (const who of reporters) expect((await report(id, who)).statusCode).toBe(200);
    expect(await inSearch(title)).toBe(false);
    const dismissed = await post(`/api/admin/listing-reports/${id}/decision`, admin, {
      decision: 'dismiss',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await inSearch(title)).toBe(true);
    for (const who of reporters) expect((await report(id, who)).statusCode).toBe(200);
    expect(await inSearch(title)).toBe(true);
    const queue = (await get('/api/admin/listing-reports?pageSize=50', admin)).json().data;
    const group = queue.list.find((g: { listing: { id: number } }) => g.listing.id === id);
    expect(group).toMatchObject({ openCount: 3, countingCount: 0, isHidden: false });

    const newcomers = [
      await establish(await newCitizen(t, '13722240001')),
      await establish(await newCitizen(t, '13722240002')),
    ];
    await report(id, newcomers[0] as Citizen);
    expect(await inSearch(title)).toBe(true);
    await report(id, newcomers[1] as Citizen);
    expect(await inSearch(title)).toBe(true);
    const third = await establish(await newCitizen(t, '13722240003'));
    await report(id, third);
    expect(await inSearch(title)).toBe(false);
  });

  it('shows operators a ring of reporters who reported other listings together', async () => {
    const ring = [
      await newCitizen(t, '13722250001'),
      await newCitizen(t, '13722250002'),
      await newCitizen(t, '13722250003'),
    ];
    const ids: number[] = [];
    for (const name of ['甲', '乙', '丙']) {
      const { id } = await saleListing(t, owner, admin, `团伙举报${name}小区 两室一厅 南北通透`);
      ids.push(id);
      for (const who of ring) expect((await report(id, who)).statusCode).toBe(200);
    }
    const lone = await saleListing(t, owner, admin, '单人举报小区 两室一厅 南北通透');
    await report(lone.id, ring[0] as Citizen);
    const queue = (await get('/api/admin/listing-reports?pageSize=50', admin)).json().data;
    const byId = (id: number) =>
      queue.list.find((g: { listing: { id: number } }) => g.listing.id === id);
    expect(byId(ids[2] as number).ring).toEqual({ reporters: 3, listings: 2 });
    expect(byId(ids[0] as number).ring).toEqual({ reporters: 3, listings: 2 });
    expect(byId(lone.id).ring).toBeNull();
  });

  it("asks the owner to correct: the request shows on the owner's list until an edit", async () => {
    const { id } = await saleListing(t, owner, admin, '整改举报小区 两室一厅 南北通透');
    await report(id, reporters[0] as Citizen, { reason: 'price' });
    const empty = await post(`/api/admin/listing-reports/${id}/decision`, admin, {
      decision: 'correct',
    });
    expect(empty.statusCode).toBe(400);
    const asked = await post(`/api/admin/listing-reports/${id}/decision`, admin, {
      decision: 'correct',
      note: '请按实际报价修改售价',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mine = (await get('/api/listings/mine?type=1&pageSize=50', owner)).json().data.list;
    expect(mine.find((l: { id: number }) => l.id === id)).toMatchObject({
      publishStatus: LISTING_STATUS.PUBLISHED,
      correctionNote: '请按实际报价修改售价',
    });
    expect((await latestNotice(reporters[0]?.id as number))?.content).toContain(
      '已要求房东整改：请按实际报价修改售价',
    );
    expect((await latestNotice(ownerId))?.content).toBe(
      '您发布的二手房源「整改举报小区 两室一厅 南北通透」被举报，平台要求您整改：请按实际报价修改售价。修改后房源将重新审核。',
    );
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'listing.reportCorrect'), eq(adminAuditLog.targetId, id)),
      );
    expect(entry).toBeDefined();
  });

  it("takes the listing down from the queue: the reporter's notice has the outcome", async () => {
    const { id } = await saleListing(t, owner, admin, '下架举报小区 两室一厅 南北通透');
    await report(id, reporters[2] as Citizen, { reason: 'sold' });
    const done = await post(`/api/admin/listing-reports/${id}/decision`, admin, {
      decision: 'takeDown',
      note: '房东确认已售出',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.database.db
      .select({ s: secondHandListings.publishStatus })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, id));
    expect(row?.s).toBe(LISTING_STATUS.TAKEN_DOWN);
    expect((await latestNotice(reporters[2]?.id as number))?.content).toBe(
      '您举报的房源「下架举报小区 两室一厅 南北通透」经平台核查，已下架：房东确认已售出',
    );
    expect((await latestNotice(ownerId))?.content).toBe(
      '您发布的二手房源「下架举报小区 两室一厅 南北通透」已被平台下架：房东确认已售出',
    );
    const mine = (await get('/api/listings/mine?type=1&pageSize=50', owner)).json().data.list;
    expect(mine.find((l: { id: number }) => l.id === id)).toMatchObject({
      publishStatus: LISTING_STATUS.TAKEN_DOWN,
      reviewNote: '房东确认已售出',
      checkCode: null,
    });
    const queue = (await get('/api/admin/listing-reports', admin)).json().data;
    expect(queue.list.some((g: { listing: { id: number } }) => g.listing.id === id)).toBe(false);
  });
});
