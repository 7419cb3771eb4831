import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestApp } from '../../../test/app';
import { tags, users } from '../../db/schema/index';
import { DEMO_OWNERSHIP } from '../../seed/demo-accounts';
import { createSession } from '../auth/index';

type Headers = { authorization: string };

/** A real PNG or JPEG picture of the given size. */
export async function testImage(format: 'png' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A multipart body with one or more `file` parts. */
export function multipart(files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const boundary = `----listing${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads one picture of a kind and returns the response. */
export async function upload(
  t: TestApp,
  headers: Headers | Record<string, never>,
  kind: string,
  file: { name: string; bytes: Buffer; type?: string },
) {
  const body = multipart([file]);
  return t.app.inject({
    method: 'POST',
    url: `/api/listings/uploads?kind=${kind}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The demo buyer's unlisted 不动产权证书 as step-1 form values (serial and year apart). */
export function demoVerificationForm() {
  const record = DEMO_OWNERSHIP[0];
  return {
    certificateType: 2,
    syear: record.syear,
    certificateNum: record.serial,
    areaCode: record.areaCode,
    ownerName: record.ownerName,
    ownerIdCard: record.ownerIdCard,
  };
}

/** Ids of the seeded tags of one type. */
export async function tagIds(t: TestApp, tagType: 6 | 7): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.tagType, tagType));
  return rows.map((row) => row.id);
}

/** A valid sale form around a passed verification and uploaded picture paths. */
export function saleForm(
  checkId: number,
  pictures: { house: string[]; certificate: string[]; idcard: string[] },
  tagList: number[],
) {
  return {
    type: 1,
    checkId,
    areaCode: 'HGQ',
    communityName: '文化路小区',
    address: '海港区文化路88号',
    buildNum: '3',
    cellNum: '2',
    houseNum: '501',
    bedroom: 3,
    room: 2,
    toilet: 1,
    buildArea: 96.5,
    floorNum: 5,
    totalFloor: 18,
    direction: '9',
    decorates: '3',
    elevator: '1',
    buildType: '1',
    rightLimit: '1',
    houseType: '5',
    age: 2012,
    price: 1_280_000,
    title: '文化路小区 三室两厅 南北通透',
    description: '房屋南北通透，采光好，满五唯一。',
    checkList: tagList.slice(0, 2),
    secondHouse: pictures.house.map((path, i) => ({ path, name: `房屋${i}.jpg`, cover: i === 0 })),
    secondCertificate: pictures.certificate.map((path) => ({ path, name: '房本.jpg' })),
    secondIdCard: pictures.idcard.map((path) => ({ path, name: '身份证.jpg' })),
    secondLicense: [],
  };
}

/** Uploads one small PNG of a kind as `headers` and answers its stored path. */
export async function uploadedPath(t: TestApp, headers: Headers, kind: string): Promise<string> {
  const png = await testImage('png');
  const response = await upload(t, headers, kind, { name: 'a.png', bytes: png, type: 'image/png' });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.path as string;
}

/** A valid sale form of the demo buyer around a fresh passed verification and uploads. */
export async function newSaleForm(t: TestApp, headers: Headers) {
  const check = await t.app.inject({
    method: 'POST',
    url: '/api/listings/verifications',
    headers,
    payload: demoVerificationForm(),
  });
  return saleForm(
    check.json().data.id as number,
    {
      house: [await uploadedPath(t, headers, 'house')],
      certificate: [await uploadedPath(t, headers, 'certificate')],
      idcard: [await uploadedPath(t, headers, 'idcard')],
    },
    await tagIds(t, 6),
  );
}

/**
 * A sale listing of the demo buyer's saved through the API (待审核), and, with `admin`,
 * approved through the console (已发布 with a check code). Answers its id and form.
 */
export async function saleListing(
  t: TestApp,
  owner: Headers,
  admin?: Headers,
  title = '文化路小区 三室两厅 南北通透',
) {
  const form = { ...(await newSaleForm(t, owner)), title };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: owner,
    payload: form,
  });
  if (created.statusCode !== 200) throw new Error(`save failed: ${created.body}`);
  const id = created.json().data.id as number;
  if (admin) {
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-review/${id}/approve`,
      headers: admin,
    });
    if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  }
  return { id, form };
}

/** A new citizen account (not real-name verified) with a session header and its user id. */
export async function newCitizen(
  t: TestApp,
  phone: string,
  nickname: string | null = null,
): Promise<{ headers: Headers; id: number }> {
  const [row] = await t.database.db
    .insert(users)
    .values({ phone, nickname })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  const token = await createSession(t.database.db, row.id, { remember: false });
  return { headers: { authorization: `Bearer ${token}` }, id: row.id };
}
