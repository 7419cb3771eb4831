import { beijingYearOf } from '@portal/shared/beijing-time';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { secondHandListings, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { demoVerificationForm, saleForm, tagIds, testImage, upload } from './listings-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let png: Buffer;
let saleTags: number[];
let rentTags: number[];
let form: ReturnType<typeof saleForm>;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  png = await testImage('png');
  saleTags = await tagIds(t, 6);
  rentTags = await tagIds(t, 7);
  const path = async (kind: string) =>
    (await upload(t, buyer, kind, { name: 'a.png', bytes: png, type: 'image/png' })).json().data
      .path as string;
  const check = await t.app.inject({
    method: 'POST',
    url: '/api/listings/verifications',
    headers: buyer,
    payload: demoVerificationForm(),
  });
  form = saleForm(
    check.json().data.id as number,
    {
      house: [await path('house'), await path('house')],
      certificate: [await path('certificate')],
      idcard: [await path('idcard')],
    },
    saleTags,
  );
});
afterAll(async () => t.dispose());

const create = (payload: object, headers: Headers = buyer) =>
  t.app.inject({ method: 'POST', url: '/api/listings', headers, payload });
const rental = () => ({
  ...form,
  type: 2,
  checkList: rentTags.slice(0, 1),
  buildType: null,
  rightLimit: null,
  houseType: null,
  rentPay: '3',
  rentType: '1',
});
const listingCount = async () =>
  (await t.database.db.select({ n: count() }).from(secondHandListings))[0]?.n;

describe('coded fields are checked against the dictionaries and tags', () => {
  it('refuses a code outside its dictionary with a message naming the field, saving nothing', async () => {
    const before = await listingCount();
    const cases: Array<[object, string, string]> = [
      [{ ...form, direction: '99' }, 'direction', '朝向不在可选范围内'],
      [{ ...form, decorates: 'x' }, 'decorates', '装修标准不在可选范围内'],
      [{ ...form, elevator: '2' }, 'elevator', '有无电梯不在可选范围内'],
      [{ ...form, houseType: '0' }, 'houseType', '房屋类型不在可选范围内'],
      [{ ...form, buildType: '板楼' }, 'buildType', '建筑类型不在可选范围内'],
      [{ ...form, rightLimit: '70' }, 'rightLimit', '产权年限不在可选范围内'],
      [{ ...rental(), rentPay: '5' }, 'rentPay', '付款方式不在可选范围内'],
      [{ ...rental(), rentType: '3' }, 'rentType', '出租方式不在可选范围内'],
      [{ ...form, areaCode: 'XYZ' }, 'areaCode', '区域不在可选范围内'],
      [{ ...form, checkList: [saleTags[0], 99_999_999] }, 'checkList', '标签不在可选范围内'],
      [{ ...form, direction: '12345678901' }, 'direction', '朝向不在可选范围内'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code, field).toBe('10001');
      expect(response.json().message, field).toBe(message);
      expect(response.json().data, field).toContainEqual({ field, message });
    }
    const several = await create({ ...form, direction: '99', decorates: '9' });
    expect(several.json().data).toEqual([
      { field: 'direction', message: '朝向不在可选范围内' },
      { field: 'decorates', message: '装修标准不在可选范围内' },
    ]);
    const wrongType = await create({ ...form, checkList: rentTags.slice(0, 1) });
    expect(wrongType.json().message).toBe('所选标签不属于该发布类型，请重新选择');
    expect(await listingCount()).toBe(before);
  });

  it('checks only the fields the type stores, and saves codes from the dictionaries', async () => {
    const sale = await create({ ...form, rentPay: 'x', rentType: 'y' });
    expect(sale.statusCode, sale.body).toBe(200);
    const rent = await create({ ...rental(), houseType: 'x', buildType: 'y', rightLimit: 'z' });
    expect(rent.statusCode, rent.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.id, rent.json().data.id));
    expect(row).toMatchObject({ rentPay: '3', rentType: '1', houseType: null, buildType: null });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${sale.json().data.id}`,
      headers: buyer,
      payload: { ...form, direction: '0' },
    });
    // 待审核 refuses any edit; in 已驳回 the edit is checked like a new listing.
    expect(edit.statusCode).toBe(409);
    await t.database.db
      .update(secondHandListings)
      .set({ publishStatus: 4 })
      .where(eq(secondHandListings.id, sale.json().data.id));
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${sale.json().data.id}`,
      headers: buyer,
      payload: { ...form, direction: '0' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('朝向不在可选范围内');
  });
});

describe('move-in date and build year', () => {
  it('refuses a check-in that is not a real calendar day before it reaches the database', async () => {
    for (const checkIn of ['2026-13-45', '2026-02-30', '2027-02-29', '0000-01-01', '9999-12-31']) {
      const response = await create({ ...rental(), checkIn });
      expect(response.statusCode, checkIn).toBe(400);
      expect(response.json().message, checkIn).toBe('请选择有效的入住日期');
    }
    for (const checkIn of ['2026/05/01', '2026-5-1', '明天', 20260501]) {
      const response = await create({ ...rental(), checkIn });
      expect(response.statusCode, String(checkIn)).toBe(400);
      expect(response.json().message, String(checkIn)).toBe('入住日期格式应为yyyy-MM-dd');
    }
    const leap = await create({ ...rental(), checkIn: '2028-02-29' });
    expect(leap.statusCode, leap.body).toBe(200);
    const [row] = await t.database.db
      .select({ checkIn: secondHandListings.checkIn })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, leap.json().data.id));
    expect(row?.checkIn).toBe('2028-02-29');
  });

  it('accepts build years from 1900 to this year (Beijing) only', async () => {
    const year = beijingYearOf();
    for (const age of [1899, year + 1, 2012.5, 'abcd']) {
      const response = await create({ ...form, age });
      expect(response.statusCode, String(age)).toBe(400);
      expect(response.json().message, String(age)).toBe('建成年份应在1900年至今年之间');
    }
    for (const age of [1900, year]) expect((await create({ ...form, age })).statusCode).toBe(200);
  });
});

describe('other refusals of the save', () => {
  it('refuses a second cover picture', async () => {
    const twoCovers = form.secondHouse.map((picture) => ({ ...picture, cover: true }));
    const response = await create({ ...form, secondHouse: twoCovers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('请选择一张封面图片');
  });

  it('refuses a save by a user without real-name verification', async () => {
    const before = await listingCount();
    const unverified = await bearerFor(t.database.db, '13800000002');
    const response = await create(form, unverified);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: '70001',
      message: '您尚未完成实名认证，请扫码进入小程序进行人脸识别认证后再发布房源',
    });
    // A verification withdrawn later stops the owner's next save too.
    await t.database.db
      .update(users)
      .set({ realNameAuth: false })
      .where(eq(users.phone, '13800000001'));
    const revoked = await create(form);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().code).toBe('70001');
    await t.database.db
      .update(users)
      .set({ realNameAuth: true })
      .where(eq(users.phone, '13800000001'));
    expect(await listingCount()).toBe(before);
  });
});
