import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { listingDrafts } from '../../db/schema/index';
import { sweepOrphanFiles } from '../../jobs/file-sweeper';
import { bearerFor } from '../news/test-helpers';
import { newSaleForm, uploadedPath } from './listings-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let unverified: Headers;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  unverified = await bearerFor(t.database.db, '13800000002');
});
afterAll(async () => t.dispose());

const getDraft = (headers: Headers | Record<string, never>, type = 1) =>
  t.app.inject({ method: 'GET', url: `/api/listings/draft?type=${type}`, headers });
const putDraft = (
  headers: Headers | Record<string, never>,
  payload: Record<string, unknown> | unknown[],
  type = 1,
) => t.app.inject({ method: 'PUT', url: `/api/listings/draft?type=${type}`, headers, payload });

describe('listing drafts (the /addhouse form saved as it is typed)', () => {
  it('saves, reads back with its verification and photos, and the newest save wins', async () => {
    const form = await newSaleForm(t, buyer);
    const saved = await putDraft(buyer, {
      checkId: form.checkId,
      values: { communityName: '海港花园', bedroom: 2, buildArea: 78.6, checkList: [] },
      secondHouse: form.secondHouse,
      secondCertificate: form.secondCertificate,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('草稿已保存');

    // Another device saves later: its values replace the first ones entirely.
    const later = await putDraft(buyer, {
      checkId: form.checkId,
      values: { communityName: '海港花园', address: '海港区文化路66号', bedroom: 3 },
      secondHouse: form.secondHouse,
      secondCertificate: form.secondCertificate,
    });
    expect(later.statusCode).toBe(200);

    const read = await getDraft(buyer);
    expect(read.statusCode).toBe(200);
    const draft = read.json().data;
    expect(draft.values).toEqual({
      communityName: '海港花园',
      address: '海港区文化路66号',
      bedroom: 3,
    });
    expect(draft.updatedAt).toBe(later.json().data.updatedAt);
    expect(draft.verification).toMatchObject({ id: form.checkId, checkStatus: '2' });
    expect(draft.secondHouse).toHaveLength(1);
    expect(draft.secondHouse[0].url).toContain(draft.secondHouse[0].path);
    // Certification photos come back with a signed, short-lived link.
    expect(draft.secondCertificate[0].url).toMatch(/sig|expires|Signature/i);
    // The rental draft is a separate one.
    expect((await getDraft(buyer, 2)).json().data).toBeNull();
  });

  it('shows a citizen only their own draft and refuses anyone else’s photos or checks', async () => {
    expect((await getDraft(unverified)).json().data).toBeNull();
    expect((await getDraft({})).statusCode).toBe(401);
    expect((await putDraft({}, { values: {} })).statusCode).toBe(401);

    const path = await uploadedPath(t, buyer, 'house');
    // A citizen without real-name verification cannot draft (as they cannot publish).
    const notVerified = await putDraft(unverified, { secondHouse: [{ path }] });
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().code).toBe('70001');

    // A path that is not one of the caller's uploads, or someone else's: 70005.
    const foreign = await putDraft(buyer, {
      secondHouse: [{ path: 'listing/999/' + 'a'.repeat(32) + '.jpg' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: '70005' });
    const seed = await putDraft(buyer, { secondHouse: [{ path: 'seed/house-1.jpg' }] });
    expect(seed.statusCode).toBe(400);

    // A verification id that is not the caller's: 70004.
    const check = await putDraft(buyer, { checkId: 2_000_000_000 });
    expect(check.statusCode).toBe(400);
    expect(check.json().code).toBe('70004');
  });

  it('answers bad input with 400 and a Chinese message, never a 500', async () => {
    const cases: Array<[string, Record<string, unknown> | unknown[], RegExp, number?]> = [
      ['unknown field', { values: { ownerIdCard: '130302199003151234' } }, /草稿含有未知字段/],
      ['wrong type of value', { values: { bedroom: 'two' } }, /草稿内容格式不正确/],
      ['too long a text', { values: { communityName: '小'.repeat(51) } }, /草稿内容过长/],
      [
        'too many photos',
        { secondHouse: Array.from({ length: 11 }, (_, i) => ({ path: `p${i}` })) },
        /只能上传10个图片文件/,
      ],
      ['not an object', [1, 2, 3], /[\u4e00-\u9fa5]/],
      ['bad type', { values: {} }, /发布类型不正确/, 3],
    ];
    for (const [name, payload, message, type] of cases) {
      const response = await putDraft(buyer, payload, type ?? 1);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toMatch(message);
    }
    const badType = await getDraft(buyer, 0);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/发布类型不正确/);
    // A whole description of the longest kind still fits; a body beyond the limit does not.
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/listings/draft?type=1',
      headers: { ...buyer, 'content-type': 'application/json' },
      payload: JSON.stringify({ values: { description: 'x'.repeat(70_000) } }),
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('keeps the draft’s photos from the file sweeper and is deleted when the listing is published', async () => {
    const form = await newSaleForm(t, buyer);
    const saved = await putDraft(buyer, {
      checkId: form.checkId,
      values: { communityName: form.communityName },
      secondHouse: form.secondHouse,
      secondCertificate: form.secondCertificate,
      secondIdCard: form.secondIdCard,
    });
    expect(saved.statusCode).toBe(200);
    // A sweep long after the upload keeps every photo the draft holds.
    await sweepOrphanFiles(t.database.db, t.app.storage, new Date(Date.now() + 48 * 3600_000));
    const read = (await getDraft(buyer)).json().data;
    const paths = [read.secondHouse, read.secondCertificate, read.secondIdCard].flat();
    expect(paths).toHaveLength(3);
    for (const picture of read.secondHouse)
      expect(await t.app.storage.exists('public', picture.path)).toBe(true);
    for (const picture of [...read.secondCertificate, ...read.secondIdCard])
      expect(await t.app.storage.exists('private', picture.path)).toBe(true);

    const published = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: buyer,
      payload: form,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await getDraft(buyer)).json().data).toBeNull();
    const rows = await t.database.db.select().from(listingDrafts).where(eq(listingDrafts.type, 1));
    expect(rows).toEqual([]);
  });

  it('deletes a draft on request', async () => {
    expect((await putDraft(buyer, { values: { rentPay: '1' } }, 2)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/listings/draft?type=2',
      headers: buyer,
    });
    expect(removed.statusCode).toBe(200);
    expect((await getDraft(buyer, 2)).json().data).toBeNull();
  });
});
