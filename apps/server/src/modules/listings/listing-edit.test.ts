import { beijingYearOf } from '@portal/shared/beijing-time';
import type { ListingEdit, StoredPicture } from '@portal/shared/schemas/listings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { secondHandListings, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { demoVerificationForm, saleForm, tagIds, testImage, upload } from './listings-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let admin: Headers;
let png: Buffer;
let rentTags: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
  png = await testImage('png');
  rentTags = await tagIds(t, 7);
});
afterAll(async () => t.dispose());

async function uploadPath(kind: string, headers: Headers = buyer): Promise<string> {
  const response = await upload(t, headers, kind, { name: 'a.png', bytes: png, type: 'image/png' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.path as string;
}

async function checkId(): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/listings/verifications',
    headers: buyer,
    payload: demoVerificationForm(),
  });
  return response.json().data.id as number;
}

const refs = (pictures: StoredPicture[]) =>
  pictures.map((p) => ({ path: p.path, name: p.name, cover: p.cover }));

/** The body the edit dialog sends back for a stored listing, with `changes` applied. */
function editBody(edit: ListingEdit, changes: Record<string, unknown>) {
  return {
    ...edit.form,
    secondHouse: refs(edit.secondHouse),
    secondCertificate: refs(edit.secondCertificate),
    secondIdCard: refs(edit.secondIdCard),
    secondLicense: refs(edit.secondLicense),
    ...changes,
  };
}

/** A rental of the demo buyer, published by an operator; `age` is its optional build year. */
async function publishRental(community: string, age: number | null): Promise<number> {
  const pictures = {
    house: [await uploadPath('house')],
    certificate: [await uploadPath('certificate')],
    idcard: [await uploadPath('idcard')],
  };
  const form = {
    ...saleForm(await checkId(), pictures, rentTags),
    type: 2,
    communityName: community,
    title: `${community} 两室一厅 拎包入住`,
    price: 2300,
    buildType: null,
    rightLimit: null,
    houseType: null,
    rentPay: '4',
    rentType: '1',
    age,
  };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: buyer,
    payload: form,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/listing-review/${id}/approve`,
    headers: admin,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

describe('editing a 待发布 listing (PUT /api/listings/:id)', () => {
  it('saves the edit dialog round trip and keeps the listing 待发布', async () => {
    const [draft] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, 1))
      .limit(1);
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, draft!.userId));
    const headers = await bearerFor(t.database.db, owner!.phone!);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${draft!.id}`,
      headers,
    });
    const edit = read.json().data as ListingEdit;
    expect(edit.publishStatus).toBe(1);
    const title = `${draft!.communityName} 业主自住 精装修 随时看房`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${draft!.id}`,
      headers,
      payload: editBody(edit, { title, price: edit.form.price + 10_000 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: '保存成功', data: { publishStatus: 1 } });

    const [after] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.id, draft!.id));
    expect(after).toMatchObject({ title, price: edit.form.price + 10_000, publishStatus: 1 });
    if (after!.type === 1)
      expect(after!.pricePerSquareMetre).toBe(Math.round(after!.price / Number(after!.buildArea)));
    const reread = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${draft!.id}`,
      headers,
    });
    expect(reread.json().data.form.title).toBe(title);
    expect(reread.json().data.secondHouse).toHaveLength(edit.secondHouse.length);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/listings/${draft!.id}` });
    expect(visitor.statusCode).toBe(404);
  });
});

describe('the build year of a rental and the 房龄 filter', () => {
  it('stores an optional build year so rentals match age bands; without one they match none', async () => {
    const year = beijingYearOf();
    const withYear = await publishRental('海韵花园', year - 3);
    const withoutYear = await publishRental('海韵花园', null);
    const ids = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/listings?type=2&keyword=${encodeURIComponent('海韵花园')}&${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.list as Array<{ id: number; age: number | null }>).map(
        (row) => row.id,
      );
    };
    expect(await ids('')).toEqual(expect.arrayContaining([withYear, withoutYear]));
    expect(await ids('ageScope=2')).toEqual([withYear]);
    for (const band of ['1', '3', '4']) expect(await ids(`ageScope=${band}`)).toEqual([]);
    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${withYear}`,
      headers: buyer,
    });
    expect(edit.json().data.form.age).toBe(year - 3);
  });

  it('asks a rental for its 期望租金 and names each part of the door number', async () => {
    const pictures = {
      house: [await uploadPath('house')],
      certificate: [await uploadPath('certificate')],
      idcard: [await uploadPath('idcard')],
    };
    const form = {
      ...saleForm(await checkId(), pictures, rentTags),
      type: 2,
      rentPay: '4',
      rentType: '1',
    };
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/listings', headers: buyer, payload });
    expect((await send({ ...form, price: undefined })).json().message).toBe('请输入期望租金');
    expect((await send({ ...form, price: 0 })).json().message).toBe('请输入期望租金');
    expect((await send({ ...form, type: 1, price: '' })).json().message).toBe('请输入期望售价');
    expect((await send({ ...form, buildNum: '' })).json().message).toBe('请输入楼栋号');
    expect((await send({ ...form, cellNum: '' })).json().message).toBe('请输入单元号');
    expect((await send({ ...form, houseNum: ' ' })).json().message).toBe('请输入门牌号');
    expect((await send({ ...form, age: 1800 })).json().message).toBe(
      '建成年份应在1900年至今年之间',
    );
  });
});

describe('fresh signed links for certification photos', () => {
  const links = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/listings/picture-links', headers, payload });

  it("signs the caller's own uploads and their listing's pictures, nothing else", async () => {
    const own = await uploadPath('idcard');
    const fresh = await links(buyer, { pictures: [{ kind: 'idcard', path: own }] });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const [link] = fresh.json().data as Array<{ path: string; url: string }>;
    expect(link?.path).toBe(own);
    const image = await t.app.inject({ method: 'GET', url: link!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const [mine] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.userId, (await ownerId('13800000001'))!))
      .limit(1);
    const edit = (
      await t.app.inject({ method: 'GET', url: `/api/listings/mine/${mine!.id}`, headers: buyer })
    ).json().data as ListingEdit;
    const certificate = edit.secondCertificate[0]!;
    const held = await links(buyer, {
      listingId: mine!.id,
      pictures: [{ kind: 'certificate', path: certificate.path }],
    });
    expect(held.statusCode, held.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: held.json().data[0].url })).statusCode).toBe(
      200,
    );

    const stranger = await bearerFor(t.database.db, '13800000002');
    const stolen = await links(stranger, { pictures: [{ kind: 'idcard', path: own }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('70005');
    const foreignListing = await links(stranger, {
      listingId: mine!.id,
      pictures: [{ kind: 'certificate', path: certificate.path }],
    });
    expect(foreignListing.statusCode).toBe(404);
    const wrongKind = await links(buyer, {
      listingId: mine!.id,
      pictures: [{ kind: 'idcard', path: certificate.path }],
    });
    expect(wrongKind.json().code).toBe('70005');
    const house = await links(buyer, { pictures: [{ kind: 'house', path: own }] });
    expect(house.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/listings/picture-links',
      payload: { pictures: [{ kind: 'idcard', path: own }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function ownerId(phone: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone));
  return row?.id;
}
