import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { identityHashOf } from '../../db/identity-cipher';
import {
  listingPictures,
  listingTags,
  listingVerifications,
  ownershipRecords,
  secondHandListings,
} from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { signPictureUrl } from './listing-files';
import {
  demoVerificationForm,
  multipart,
  saleForm,
  tagIds,
  testImage,
  upload,
} from './listings-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let unverified: Headers;
let admin: Headers;
let png: Buffer;
let saleTags: number[];
let rentTags: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  unverified = await bearerFor(t.database.db, '13800000002');
  admin = await bearerFor(t.database.db, '13900000000');
  png = await testImage('png');
  saleTags = await tagIds(t, 6);
  rentTags = await tagIds(t, 7);
});
afterAll(async () => t.dispose());

const verify = (headers: Headers | Record<string, never>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/listings/verifications', headers, payload });

async function uploadPath(kind: string, headers: Headers = buyer): Promise<string> {
  const response = await upload(t, headers, kind, { name: 'a.png', bytes: png, type: 'image/png' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.path as string;
}

async function passedCheckId(): Promise<number> {
  const response = await verify(buyer, demoVerificationForm());
  expect(response.json().data.checkStatus).toBe('2');
  return response.json().data.id as number;
}

async function validForm() {
  return saleForm(
    await passedCheckId(),
    {
      house: [await uploadPath('house'), await uploadPath('house')],
      certificate: [await uploadPath('certificate')],
      idcard: [await uploadPath('idcard')],
    },
    saleTags,
  );
}

const create = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/listings', headers, payload });
const audit = (headers: Headers, id: number, operation: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/listings/${id}/audit`,
    headers,
    payload: { operation },
  });
const statusOf = async (id: number) =>
  (
    await t.database.db
      .select({ s: secondHandListings.publishStatus })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, id))
  )[0]?.s;

describe('house verification (step 1)', () => {
  it('needs a session and real-name authentication', async () => {
    expect((await verify({}, demoVerificationForm())).statusCode).toBe(401);
    const refused = await verify(unverified, demoVerificationForm());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('70001');
  });

  it('passes a type-2 certificate composed from year and serial, and a type-1 number', async () => {
    const passed = await verify(buyer, demoVerificationForm());
    expect(passed.statusCode).toBe(200);
    expect(passed.json().data).toMatchObject({
      checkStatus: '2',
      checkResult: '核验通过',
      needsLicense: false,
      // The register's facts of the home, for the form to start from.
      property: { address: '海港区文化路88号', buildArea: 96.5, housePurpose: '住宅' },
    });
    expect(passed.json().data.property.communityName).toBeTruthy();
    const [row] = await t.database.db
      .select()
      .from(listingVerifications)
      .where(eq(listingVerifications.id, passed.json().data.id));
    expect(row?.certificateNum).toBe('冀(2021)不动产权第0012345号');
    const typeOne = await verify(buyer, {
      ...demoVerificationForm(),
      certificateType: 1,
      syear: '',
      certificateNum: '房权证海港字第20150088号',
    });
    expect(typeOne.json().data.checkStatus).toBe('2');
  });

  it('fails (checkStatus 3) when any detail differs from the register', async () => {
    for (const change of [
      { ownerName: '张三' },
      { areaCode: 'BDH' },
      { certificateNum: '0012346' },
      { ownerIdCard: '130302199003151235' },
    ]) {
      const response = await verify(buyer, { ...demoVerificationForm(), ...change });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.checkStatus).toBe('3');
      expect(response.json().data.checkResult).toContain('核验未通过');
      // A failed check tells nothing of any home.
      expect(response.json().data.property).toBeNull();
    }
  });

  it('says which field is missing with the spec message', async () => {
    const cases: Array<[string, string]> = [
      ['areaCode', '请选择区域'],
      ['certificateType', '请选择证件类型'],
      ['certificateNum', '请输入证件号'],
      ['ownerName', '请输入产权人姓名'],
      ['ownerIdCard', '请输入产权人证件号'],
    ];
    for (const [field, message] of cases) {
      const form: Record<string, unknown> = { ...demoVerificationForm() };
      delete form[field];
      const response = await verify(buyer, form);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const badYear = await verify(buyer, { ...demoVerificationForm(), syear: '21' });
    expect(badYear.json().message).toBe('证书年份应为4位数字');
    const noYear = await verify(buyer, { ...demoVerificationForm(), syear: '' });
    expect(noYear.json().message).toBe('请输入证书年份');
    const noSerial = await verify(buyer, { ...demoVerificationForm(), certificateNum: '' });
    expect(noSerial.json().message).toBe('请输入证件号');
    const shortSerial = await verify(buyer, { ...demoVerificationForm(), certificateNum: '12' });
    expect(shortSerial.json().message).toBe('不动产权证书号为年份和7位编号');
  });
});

describe('picture uploads', () => {
  it('stores a house photo publicly and a certification photo privately', async () => {
    const house = await upload(t, buyer, 'house', { name: 'room.png', bytes: png });
    expect(house.json().message).toBe('上传成功');
    const housePath = house.json().data.path as string;
    expect(house.json().data.url).toBe(`/oss/app/${housePath}`);
    expect(existsSync(path.join(t.config.uploadsDir, housePath))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/oss/app/${housePath}` })).statusCode).toBe(
      200,
    );

    const jpeg = await testImage('jpeg');
    const card = await upload(t, buyer, 'idcard', { name: 'id.jpg', bytes: jpeg });
    const cardPath = card.json().data.path as string;
    expect(cardPath).toMatch(/\.jpg$/);
    expect(existsSync(path.join(t.config.uploadsDir, cardPath))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/oss/app/${cardPath}` })).statusCode).toBe(
      404,
    );
    const signed = await t.app.inject({ method: 'GET', url: card.json().data.url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a renamed non-image, a broken image, two files at once and an oversized file', async () => {
    const text = await upload(t, buyer, 'house', {
      name: 'photo.jpg',
      bytes: Buffer.from('this is not a picture at all'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('只能上传图片文件');
    const gif = await upload(t, buyer, 'house', {
      name: 'a.png',
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
    });
    expect(gif.json().message).toBe('只能上传图片文件');
    const broken = await upload(t, buyer, 'house', {
      name: 'a.jpg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
    });
    expect(broken.statusCode).toBe(400);
    const body = multipart([
      { name: 'a.png', bytes: png },
      { name: 'b.png', bytes: png },
    ]);
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/listings/uploads?kind=house',
      headers: { ...buyer, ...body.headers },
      payload: body.payload,
    });
    expect(two.statusCode).toBe(400);
    const huge = await upload(t, buyer, 'house', {
      name: 'big.png',
      bytes: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);
    expect((await upload(t, {}, 'house', { name: 'a.png', bytes: png })).statusCode).toBe(401);
    expect((await upload(t, unverified, 'house', { name: 'a.png', bytes: png })).statusCode).toBe(
      403,
    );
  });
});

describe('the listing form (steps 2 and 3)', () => {
  it('enforces every rule of the listing form with its message', async () => {
    const form = await validForm();
    const missing: Array<[string, string]> = [
      ['communityName', '请输入小区名称'],
      ['address', '请输入地址'],
      ['type', '请选择发布类型'],
      ['buildNum', '请输入楼栋号'],
      ['cellNum', '请输入单元号'],
      ['houseNum', '请输入门牌号'],
      ['bedroom', '请输入室信息'],
      ['room', '请输入厅信息'],
      ['toilet', '请输入卫信息'],
      ['buildArea', '请输入建筑面积'],
      ['floorNum', '请输入层数'],
      ['totalFloor', '请输入总层数'],
      ['direction', '请选择朝向'],
      ['decorates', '请选择装修标准'],
      ['elevator', '请选择有无电梯'],
      ['price', '请输入期望售价'],
      ['title', '请输入房源标题'],
      ['description', '请输入房源描述'],
      ['checkList', '请选择标签'],
      ['secondHouse', '请上传房屋照片'],
      ['secondCertificate', '请上传二手房房本照片'],
      ['secondIdCard', '请上传身份证照片'],
      ['age', '请输入建成年份'],
      ['houseType', '请选择房屋类型'],
      ['buildType', '请选择建筑类型'],
      ['rightLimit', '请选择产权年限'],
    ];
    for (const [field, message] of missing) {
      const body: Record<string, unknown> = { ...form };
      delete body[field];
      const response = await create(buyer, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message, field).toBe(message);
    }
    const rent = { ...form, type: 2, checkList: rentTags.slice(0, 1) };
    expect((await create(buyer, rent)).json().message).toBe('请选择付款方式');
    expect((await create(buyer, { ...rent, rentPay: '3' })).json().message).toBe('请选择出租方式');
    for (const title of ['八个字的房源标题', 'x'.repeat(41)]) {
      expect((await create(buyer, { ...form, title })).json().message).toBe('房源标题为9-40个字符');
    }
    expect((await create(buyer, { ...form, description: '   ' })).json().message).toBe(
      '请输入房源描述',
    );
    expect((await create(buyer, { ...form, floorNum: 20 })).json().message).toBe(
      '所在楼层不能大于总层数',
    );
  });

  it('limits photos to 10 per house and 2 per certification item', async () => {
    const form = await validForm();
    const house = form.secondHouse[0]!;
    const eleven = Array.from({ length: 11 }, () => ({ ...house, cover: false }));
    expect((await create(buyer, { ...form, secondHouse: eleven })).json().message).toBe(
      '只能上传10个图片文件',
    );
    const cert = form.secondCertificate[0]!;
    const three = [cert, cert, cert];
    expect((await create(buyer, { ...form, secondCertificate: three })).json().message).toBe(
      '只能上传2个图片文件',
    );
  });

  it('refuses tags of the other type, a failed check, another area and foreign pictures', async () => {
    const form = await validForm();
    expect((await create(buyer, { ...form, checkList: rentTags.slice(0, 1) })).statusCode).toBe(
      400,
    );
    const failed = await verify(buyer, { ...demoVerificationForm(), ownerName: '王五' });
    const badCheck = await create(buyer, { ...form, checkId: failed.json().data.id });
    expect(badCheck.json().code).toBe('70004');
    expect((await create(buyer, { ...form, areaCode: 'BDH' })).json().message).toBe(
      '所选区域与房源核验的区域不一致',
    );
    const citizen = await bearerFor(t.database.db, await otherVerifiedPhone());
    const foreign = await uploadPath('house', citizen);
    const stolen = await create(buyer, {
      ...form,
      secondHouse: [{ path: foreign, name: 'x', cover: true }],
    });
    expect(stolen.json().code).toBe('70005');
    const made = await create(buyer, {
      ...form,
      secondIdCard: [{ path: form.secondHouse[0]!.path, name: 'x' }],
    });
    expect(made.json().code).toBe('70005');
  });

  it('requires an authorisation letter when the owner is somebody else', async () => {
    const [record] = await t.database.db
      .select()
      .from(ownershipRecords)
      .where(
        and(
          eq(ownershipRecords.districtCode, 'HGQ'),
          ne(ownershipRecords.ownerIdCardHash, identityHashOf('130302199003151234')),
        ),
      )
      .limit(1);
    const check = await verify(buyer, {
      certificateType: 1,
      certificateNum: record!.certificateNum,
      areaCode: 'HGQ',
      ownerName: record!.ownerName,
      ownerIdCard: record!.ownerIdCard,
      ...(record!.certificateType === 2
        ? {
            certificateType: 2,
            syear: record!.certificateNum.slice(2, 6),
            certificateNum: record!.certificateNum.slice(12, 19),
          }
        : {}),
    });
    expect(check.json().data).toMatchObject({ checkStatus: '2', needsLicense: true });
    const form = { ...(await validForm()), checkId: check.json().data.id };
    expect((await create(buyer, form)).json().message).toBe('请上传授权书照片');
    const licensed = await create(buyer, {
      ...form,
      secondLicense: [{ path: await uploadPath('license'), name: '授权书.png' }],
    });
    expect(licensed.statusCode, licensed.body).toBe(200);
  });
});

async function otherVerifiedPhone(): Promise<string> {
  const rows = await t.database.db.query.users.findMany({
    where: (u, { and: both, eq: is, ne }) =>
      both(is(u.realNameAuth, true), ne(u.phone, '13800000001')),
    limit: 1,
  });
  return rows[0]!.phone!;
}

describe('publishing and the state machine', () => {
  it('walks a listing through every allowed and refused transition', async () => {
    const form = await validForm();
    const created = await create(buyer, form);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('提交成功');
    const id = created.json().data.id as number;
    expect(await statusOf(id)).toBe(2);
    const [row] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.id, id));
    expect(row).toMatchObject({ price: 1_280_000, pricePerSquareMetre: 13264, type: 1 });
    const pictures = await t.database.db
      .select()
      .from(listingPictures)
      .where(eq(listingPictures.listingId, id));
    expect(pictures.filter((p) => p.kind === 'house')).toHaveLength(2);
    expect(pictures.filter((p) => p.isCover)).toHaveLength(1);
    const tagRows = await t.database.db
      .select()
      .from(listingTags)
      .where(eq(listingTags.listingId, id));
    expect(tagRows).toHaveLength(2);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/listings/mine?type=1',
      headers: buyer,
    });
    expect(mine.json().data.list.find((l: { id: number }) => l.id === id)?.publishStatus).toBe(2);
    const publicPage = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(publicPage.statusCode).toBe(404);

    // 2 待审核: edit, submit and delete are refused; withdraw is allowed.
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/listings/${id}`, headers: buyer, payload });
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: buyer });
    const editPending = await put(form);
    expect(editPending.statusCode).toBe(409);
    expect(editPending.json().message).toBe('房源当前状态为「待审核」，不能编辑');
    expect((await audit(buyer, id, 1)).json().message).toBe(
      '房源当前状态为「待审核」，不能提交审核',
    );
    expect((await remove()).statusCode).toBe(409);
    expect((await audit(buyer, id, 4)).json().message).toBe('撤回成功');
    expect(await statusOf(id)).toBe(5);

    // 5 已撤回: withdraw refused; edit keeps the state; the type cannot change; submit → 2.
    expect((await audit(buyer, id, 4)).statusCode).toBe(409);
    const edited = await put({ ...form, title: '文化路小区 三室两厅 业主急售 可看房' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe('保存成功');
    expect(await statusOf(id)).toBe(5);
    expect((await put({ ...form, type: 2, rentPay: '1', rentType: '1' })).json().message).toBe(
      '编辑房源时不能修改发布类型',
    );
    expect((await audit(buyer, id, 1)).json().data.publishStatus).toBe(2);

    // Operator approval publishes it and tells the owner.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-review/${id}/approve`,
      headers: admin,
    });
    expect(approve.statusCode).toBe(200);
    expect(await statusOf(id)).toBe(3);
    const notes = await t.database.db.query.notices.findMany({
      where: (n, { eq: is }) => is(n.bizId, id),
    });
    expect(
      notes.some((n) => n.bizType === 'second_house' && n.content.includes('已通过审核')),
    ).toBe(true);
    const visible = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(visible.json().data.title).toBe('文化路小区 三室两厅 业主急售 可看房');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-review/${id}/approve`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);

    // 3 已发布: no delete or submit; withdraw, resubmit and reject with a reason.
    expect((await remove()).statusCode).toBe(409);
    expect((await audit(buyer, id, 1)).statusCode).toBe(409);
    expect((await audit(buyer, id, 4)).statusCode).toBe(200);
    expect((await audit(buyer, id, 1)).statusCode).toBe(200);
    const rejectUrl = `/api/admin/listing-review/${id}/reject`;
    const noReason = await t.app.inject({
      method: 'POST',
      url: rejectUrl,
      headers: admin,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: rejectUrl,
      headers: admin,
      payload: { reason: '房源照片不清晰' },
    });
    expect(rejected.statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.id, id));
    expect(after).toMatchObject({ publishStatus: 4, reviewNote: '房源照片不清晰' });

    // 4 → deleted.
    expect((await remove()).json().message).toBe('删除成功');
    expect(await statusOf(id)).toBeUndefined();
  });

  it('allows edit, submit and delete from 待发布 but not withdraw', async () => {
    const drafts = await t.database.db
      .select()
      .from(secondHandListings)
      .where(eq(secondHandListings.publishStatus, 1))
      .limit(2);
    const ownerHeaders = async (userId: number) => {
      const owner = await t.database.db.query.users.findFirst({
        where: (u, { eq: is }) => is(u.id, userId),
      });
      return bearerFor(t.database.db, owner!.phone!);
    };
    const [draft, other] = drafts;
    const headers = await ownerHeaders(draft!.userId);
    expect((await audit(headers, draft!.id, 4)).json().message).toBe(
      '房源当前状态为「待发布」，不能撤回',
    );
    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${draft!.id}`,
      headers,
    });
    expect(edit.json().data.form.title).toBe(draft!.title);
    expect((await audit(headers, draft!.id, 1)).json().data.publishStatus).toBe(2);

    // Deleting straight from 待发布.
    expect(await statusOf(other!.id)).toBe(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${other!.id}`,
      headers: await ownerHeaders(other!.userId),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('删除成功');
    expect(await statusOf(other!.id)).toBeUndefined();
  });

  it("keeps another user's listing out of reach", async () => {
    const [own] = await t.database.db
      .select()
      .from(secondHandListings)
      .where(and(eq(secondHandListings.publishStatus, 4), eq(secondHandListings.type, 2)))
      .limit(1);
    const stranger = unverified;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${own!.id}`,
      headers: stranger,
    });
    expect(read.statusCode).toBe(404);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${own!.id}`,
      headers: stranger,
      payload: await validForm(),
    });
    expect(change.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${own!.id}`,
      headers: stranger,
    });
    expect(del.statusCode).toBe(404);
    expect((await audit(stranger, own!.id, 1)).statusCode).toBe(404);
    expect(await statusOf(own!.id)).toBe(4);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/listings/mine/${own!.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('private certification photos and the review console', () => {
  it('gives signed material links to the owner and operators only; links expire', async () => {
    const created = await create(buyer, await validForm());
    const id = created.json().data.id as number;
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${id}`,
      headers: buyer,
    });
    const material = own.json().data.secondIdCard[0];
    expect(material.url).toMatch(new RegExp(`^/oss/private/${material.path}\\?expires=`));
    expect((await t.app.inject({ method: 'GET', url: material.url })).statusCode).toBe(200);

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/listings/mine/${id}`,
      headers: unverified,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/listings/${id}` })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/listings/${id}`, headers: buyer }))
        .statusCode,
    ).toBe(403);
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/listings/${id}`,
      headers: admin,
    });
    const adminUrl = forAdmin.json().data.secondCertificate[0].url as string;
    expect((await t.app.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(200);

    const expired = await signPictureUrl(
      t.app.storage,
      material.path,
      new Date(Date.now() - 11 * 60_000),
    );
    const late = await t.app.inject({ method: 'GET', url: expired });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('10007');
    const tampered = material.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherPath = (material.url as string).replace(
      material.path,
      own.json().data.secondCertificate[0].path,
    );
    expect((await t.app.inject({ method: 'GET', url: otherPath })).statusCode).toBe(403);
  });

  it('lists the pending queue for operators only', async () => {
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/listings', headers: admin });
    expect(queue.statusCode).toBe(200);
    const { list, total } = queue.json().data;
    expect(total).toBeGreaterThan(0);
    expect(list.every((row: { publishStatus: number }) => row.publishStatus === 2)).toBe(true);
    expect(list[0]).toHaveProperty('ownerPhone');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/listings',
      headers: buyer,
    });
    expect(refused.statusCode).toBe(403);
  });
});
