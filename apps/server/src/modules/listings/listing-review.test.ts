import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { decodeQrPng } from '../../../test/qr-decode';
import {
  adminAuditLog,
  favourites,
  listingCheckCodes,
  listingReports,
  listingVerifications,
  notices,
  secondHandListings,
} from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { newCitizen, saleListing } from './listings-test-helpers';

type Headers = { authorization: string };
let t: TestApp;
let owner: Headers;
let admin: Headers;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  owner = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner });
  ownerId = me.json().data.userId as number;
});
afterAll(async () => t.dispose());

const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url, headers: headers ?? {} });

async function statusOf(id: number) {
  const [row] = await t.database.db
    .select({ s: secondHandListings.publishStatus, note: secondHandListings.reviewNote })
    .from(secondHandListings)
    .where(eq(secondHandListings.id, id));
  return row;
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
async function audit(action: string, targetId: number) {
  const [row] = await t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}
const detail = async (id: number, headers?: Headers) =>
  (await get(`/api/listings/${id}`, headers)).json().data;
const verify = async (code: string) => (await get(`/api/listings/check-codes/${code}`)).json().data;

describe('review: approval issues a check code', () => {
  it('publishes with a code, 核验时间 and 最近确认在售; the owner is told; audited; not twice', async () => {
    const { id } = await saleListing(t, owner);
    const response = await post(`/api/admin/listing-review/${id}/approve`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect((await statusOf(id))?.s).toBe(LISTING_STATUS.PUBLISHED);
    const shown = await detail(id);
    expect(shown.checkCode.code).toMatch(/^QHD[2-9A-HJ-NP-Z]{10}$/);
    expect(Date.parse(shown.checkCode.verifiedAt)).toBeLessThanOrEqual(Date.now());
    expect(shown.confirmedAt).not.toBeNull();
    const checked = await verify(shown.checkCode.code.toLowerCase());
    expect(checked).toMatchObject({
      status: 'valid',
      certificateTypeLabel: '不动产权证书',
      districtName: '海港区',
      listing: { id, isOnSale: true, statusLabel: '已发布' },
    });
    // Nothing personal on the public check.
    expect(JSON.stringify(checked)).not.toMatch(/李思远|1303021990|0012345/);
    expect((await latestNotice(ownerId))?.content).toMatch(/已通过审核/);
    expect((await audit('listing.approve', id))?.after).toEqual({ publishStatus: 3 });
    expect((await post(`/api/admin/listing-review/${id}/approve`, admin)).statusCode).toBe(409);
    // The QR, scanned, opens the public check page on the configured origin, whatever Host says.
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/listings/check-codes/${shown.checkCode.code}/qr.png`,
      headers: { host: 'evil.example' },
    });
    expect(qr.headers['content-type']).toBe('image/png');
    expect(decodeQrPng(qr.rawPayload)).toBe(
      `${t.config.publicOrigin}/verify?code=${shown.checkCode.code}`,
    );
  });

  it('refuses to publish a listing without a passed verification (70008)', async () => {
    const { id, form } = await saleListing(t, owner);
    await t.database.db
      .update(listingVerifications)
      .set({ checkStatus: 3 })
      .where(eq(listingVerifications.id, form.checkId));
    const response = await post(`/api/admin/listing-review/${id}/approve`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('70008');
    expect((await statusOf(id))?.s).toBe(LISTING_STATUS.PENDING);
  });

  it('rejects with a reason the owner sees; an empty reason is refused', async () => {
    const { id } = await saleListing(t, owner);
    const empty = await post(`/api/admin/listing-review/${id}/reject`, admin, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    const response = await post(`/api/admin/listing-review/${id}/reject`, admin, {
      reason: '产权证照片不清晰',
    });
    expect(response.statusCode).toBe(200);
    expect(await statusOf(id)).toEqual({ s: LISTING_STATUS.REJECTED, note: '产权证照片不清晰' });
    expect((await latestNotice(ownerId))?.content).toContain('产权证照片不清晰');
    expect((await audit('listing.reject', id))?.after).toMatchObject({ publishStatus: 4 });
  });

  it('unknown and malformed codes say so', async () => {
    expect(await verify('QHD2222222222')).toMatchObject({ status: 'unknown', listing: null });
    expect(await verify('not-a-code')).toMatchObject({ status: 'unknown' });
    expect((await get('/api/listings/check-codes/QHD2222222222/qr.png')).statusCode).toBe(404);
  });
});

describe('take-down and restore', () => {
  it('takes a published listing down with a reason, revokes its code, tells owner and followers', async () => {
    const { id } = await saleListing(t, owner, admin, '文化路小区 三室两厅 下架测试');
    const follower = await newCitizen(t, '13711110001');
    await post('/api/favourites/toggle', follower.headers, {
      businessId: id,
      businessType: 'LISTING',
      collected: true,
    });
    const code = (await detail(id)).checkCode.code as string;

    const citizen = await post(`/api/admin/listings/${id}/take-down`, follower.headers, {
      reason: '我不喜欢',
    });
    expect(citizen.statusCode).toBe(403);
    expect(
      (await post(`/api/admin/listings/${id}/take-down`, admin, { reason: '' })).statusCode,
    ).toBe(400);

    const response = await post(`/api/admin/listings/${id}/take-down`, admin, {
      reason: '房源已售出',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(id)).toEqual({ s: LISTING_STATUS.TAKEN_DOWN, note: '房源已售出' });
    expect((await latestNotice(ownerId))?.content).toBe(
      '您发布的二手房源「文化路小区 三室两厅 下架测试」已被平台下架：房源已售出',
    );
    expect((await latestNotice(follower.id))?.content).toContain('已下架');
    expect(await verify(code)).toMatchObject({
      status: 'revoked',
      revokedReason: '房源已被平台下架',
      listing: null,
    });
    expect((await get(`/api/listings/${id}`)).statusCode).toBe(404);
    expect((await audit('listing.takeDown', id))?.after).toMatchObject({
      publishStatus: 6,
      reason: '房源已售出',
    });
    expect(
      (await post(`/api/admin/listings/${id}/take-down`, admin, { reason: '再次' })).statusCode,
    ).toBe(409);

    // Restore: a citizen may not; the operator does, with a new code.
    const byCitizen = await post(`/api/admin/listings/${id}/restore`, follower.headers, {
      reason: '请恢复',
    });
    expect(byCitizen.statusCode).toBe(403);
    const restored = await post(`/api/admin/listings/${id}/restore`, admin, { reason: '核实在售' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await statusOf(id)).toEqual({ s: LISTING_STATUS.PUBLISHED, note: null });
    const fresh = (await detail(id)).checkCode.code as string;
    expect(fresh).not.toBe(code);
    expect((await verify(code)).status).toBe('revoked');
    expect((await verify(fresh)).status).toBe('valid');
    expect((await latestNotice(ownerId))?.content).toContain('已恢复发布：核实在售');
    expect(await audit('listing.restore', id)).toBeDefined();
    expect(
      (await post(`/api/admin/listings/${id}/restore`, admin, { reason: '再次' })).statusCode,
    ).toBe(409);
    await t.database.db.delete(favourites).where(eq(favourites.businessId, id));
  });
});

describe('editing a listing that has a check code', () => {
  it('a content edit of a published listing goes back to review and keeps the code', async () => {
    const { id, form } = await saleListing(t, owner, admin);
    const code = (await detail(id)).checkCode.code as string;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: owner,
      payload: { ...form, description: '新装修，拎包入住。南北通透。' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await statusOf(id))?.s).toBe(LISTING_STATUS.PENDING);
    expect((await verify(code)).status).toBe('valid');
    await post(`/api/admin/listing-review/${id}/approve`, admin);
    expect((await detail(id)).checkCode.code).toBe(code);
  });

  it('editing the ownership fields revokes the code and sends the listing back to review', async () => {
    const { id, form } = await saleListing(t, owner, admin);
    const code = (await detail(id)).checkCode.code as string;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: owner,
      payload: { ...form, houseNum: '502' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await statusOf(id))?.s).toBe(LISTING_STATUS.PENDING);
    expect(await verify(code)).toMatchObject({
      status: 'revoked',
      revokedReason: '房源的产权信息已修改，需重新核验',
    });
    await post(`/api/admin/listing-review/${id}/approve`, admin);
    const next = (await detail(id)).checkCode.code as string;
    expect(next).not.toBe(code);
  });
});

describe('the guards of take-down and restore', () => {
  it('takes down only what is public or waiting for confirmation, naming the state otherwise', async () => {
    const { id: pending } = await saleListing(t, owner);
    const refused = await post(`/api/admin/listings/${pending}/take-down`, admin, {
      reason: '信息不实',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: '70003',
      message: '房源当前状态为「待审核」，不能下架',
    });
    const withdrawn = await post(`/api/listings/${pending}/audit`, owner, { operation: 4 });
    expect(withdrawn.statusCode).toBe(200);
    expect(
      (
        await post(`/api/admin/listings/${pending}/take-down`, admin, { reason: '信息不实' })
      ).json(),
    ).toMatchObject({ code: '70003', message: '房源当前状态为「已撤回」，不能下架' });
    expect(
      (await post(`/api/admin/listings/${pending}/restore`, admin, { reason: '误操作' })).json(),
    ).toMatchObject({ code: '70003', message: '房源当前状态为「已撤回」，不能恢复发布' });
    expect(await statusOf(pending)).toEqual({ s: LISTING_STATUS.WITHDRAWN, note: null });

    // A listing hidden for want of a confirmation can still be taken down.
    const { id } = await saleListing(t, owner, admin);
    await t.database.db
      .update(secondHandListings)
      .set({ publishStatus: LISTING_STATUS.UNCONFIRMED })
      .where(eq(secondHandListings.id, id));
    const taken = await post(`/api/admin/listings/${id}/take-down`, admin, {
      reason: '联系不上房东',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await statusOf(id)).toEqual({ s: LISTING_STATUS.TAKEN_DOWN, note: '联系不上房东' });
    expect((await audit('listing.takeDown', id))?.before).toEqual({
      publishStatus: LISTING_STATUS.UNCONFIRMED,
    });
  });

  it('a take-down from the listing screen decides its open reports and tells the reporters', async () => {
    const title = '列表下架小区 两室一厅 南北通透';
    const { id } = await saleListing(t, owner, admin, title);
    const reporter = await newCitizen(t, '13711110002');
    const reported = await post(`/api/listings/${id}/reports`, reporter.headers, {
      reason: 'fake',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const response = await post(`/api/admin/listings/${id}/take-down`, admin, {
      reason: '虚假房源',
    });
    expect(response.statusCode).toBe(200);
    const reports = await t.database.db
      .select({ status: listingReports.status, note: listingReports.outcomeNote })
      .from(listingReports)
      .where(eq(listingReports.listingId, id));
    expect(reports).toEqual([{ status: 'taken_down', note: '虚假房源' }]);
    expect((await latestNotice(reporter.id))?.content).toBe(
      `您举报的房源「${title}」经平台核查，已下架：虚假房源`,
    );
  });

  it('restores only on a verification that still passes (70008), issuing no code otherwise', async () => {
    const { id, form } = await saleListing(t, owner, admin);
    await post(`/api/admin/listings/${id}/take-down`, admin, { reason: '核实中' });
    await t.database.db
      .update(listingVerifications)
      .set({ checkStatus: 3 })
      .where(eq(listingVerifications.id, form.checkId));
    const response = await post(`/api/admin/listings/${id}/restore`, admin, { reason: '核实在售' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('70008');
    expect(await statusOf(id)).toEqual({ s: LISTING_STATUS.TAKEN_DOWN, note: '核实中' });
    const valid = await t.database.db
      .select()
      .from(listingCheckCodes)
      .where(and(eq(listingCheckCodes.listingId, id), isNull(listingCheckCodes.revokedAt)));
    expect(valid).toEqual([]);
    expect(await audit('listing.restore', id)).toBeUndefined();
  });

  it('every public listing holds exactly one valid check code, seeded ones included', async () => {
    const published = await t.database.db
      .select({ id: secondHandListings.id })
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED));
    const valid = await t.database.db
      .select({ listingId: listingCheckCodes.listingId })
      .from(listingCheckCodes)
      .where(isNull(listingCheckCodes.revokedAt));
    expect(published.length).toBeGreaterThan(0);
    const codes = new Map<number, number>();
    for (const row of valid)
      codes.set(Number(row.listingId), (codes.get(Number(row.listingId)) ?? 0) + 1);
    expect(published.filter((row) => codes.get(row.id) !== 1)).toEqual([]);
  });
});
