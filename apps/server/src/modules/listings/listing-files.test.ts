import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearerFor } from '../news/test-helpers';
import { removeDetachedPictures } from './listing-files';
import { demoVerificationForm, saleForm, tagIds, testImage, upload } from './listings-test-helpers';

type Headers = { authorization: string };
type Kind = 'house' | 'certificate' | 'idcard';

let t: TestApp;
let buyer: Headers;
let jpeg: Buffer;
let saleTags: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  jpeg = await testImage('jpeg');
  saleTags = await tagIds(t, 6);
});
afterAll(async () => t.dispose());

async function uploaded(kind: Kind): Promise<string> {
  const response = await upload(t, buyer, kind, { name: 'a.jpg', bytes: jpeg });
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

/** A new listing of the buyer, withdrawn at once so it may be edited or deleted. */
async function withdrawnListing(pictures: Record<Kind, string[]>): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: buyer,
    payload: saleForm(await checkId(), pictures, saleTags),
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  const withdrawn = await t.app.inject({
    method: 'POST',
    url: `/api/listings/${id}/audit`,
    headers: buyer,
    payload: { operation: 4 },
  });
  expect(withdrawn.statusCode).toBe(200);
  return id;
}

const stored = (visibility: 'public' | 'private', key: string) =>
  t.app.storage.exists(visibility, key);

describe('the files of a listing follow the listing', () => {
  it('an edit that replaces pictures deletes the replaced files', async () => {
    const pictures = {
      house: [await uploaded('house'), await uploaded('house')],
      certificate: [await uploaded('certificate')],
      idcard: [await uploaded('idcard')],
    };
    const id = await withdrawnListing(pictures);
    const next = {
      house: [pictures.house[0] as string, await uploaded('house')],
      certificate: pictures.certificate,
      idcard: [await uploaded('idcard')],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: buyer,
      payload: saleForm(await checkId(), next, saleTags),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await stored('public', pictures.house[1] as string)).toBe(false);
    expect(await stored('private', pictures.idcard[0] as string)).toBe(false);
    expect(await stored('public', pictures.house[0] as string)).toBe(true);
    expect(await stored('private', pictures.certificate[0] as string)).toBe(true);
    expect(await stored('public', next.house[1] as string)).toBe(true);
    expect(await stored('private', next.idcard[0] as string)).toBe(true);
  });

  it('deleting a listing deletes its photos, the private ID card and ownership book first', async () => {
    const pictures = {
      house: [await uploaded('house')],
      certificate: [await uploaded('certificate')],
      idcard: [await uploaded('idcard')],
    };
    const id = await withdrawnListing(pictures);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}`,
      headers: buyer,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await stored('public', pictures.house[0] as string)).toBe(false);
    expect(await stored('private', pictures.certificate[0] as string)).toBe(false);
    expect(await stored('private', pictures.idcard[0] as string)).toBe(false);
    const link = await t.app.storage.signedUrl(pictures.idcard[0] as string);
    expect((await t.app.inject({ url: link })).statusCode).toBe(404);
  });

  it('keeps a file another listing still holds, and never touches seed pictures', async () => {
    const shared = await uploaded('idcard');
    const first = await withdrawnListing({
      house: [await uploaded('house')],
      certificate: [await uploaded('certificate')],
      idcard: [shared],
    });
    await withdrawnListing({
      house: [await uploaded('house')],
      certificate: [await uploaded('certificate')],
      idcard: [shared],
    });
    await t.app.inject({ method: 'DELETE', url: `/api/listings/${first}`, headers: buyer });
    expect(await stored('private', shared)).toBe(true);

    expect(await stored('public', 'seed/interior-01.svg')).toBe(true);
    const removed = await removeDetachedPictures(t.database.db, t.app.storage, [
      { kind: 'house', path: 'seed/interior-01.svg' },
      { kind: 'idcard', path: 'seed/doc-idcard.svg' },
    ]);
    expect(removed).toBe(0);
    expect(await stored('public', 'seed/interior-01.svg')).toBe(true);
    expect(await stored('private', 'seed/doc-idcard.svg')).toBe(true);
  });

  it('a deletion refused by the state machine deletes no file', async () => {
    const pictures = {
      house: [await uploaded('house')],
      certificate: [await uploaded('certificate')],
      idcard: [await uploaded('idcard')],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: buyer,
      payload: saleForm(await checkId(), pictures, saleTags),
    });
    const id = created.json().data.id as number;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}`,
      headers: buyer,
    });
    expect(refused.statusCode).toBe(409);
    expect(await stored('private', pictures.idcard[0] as string)).toBe(true);
    expect(await stored('public', pictures.house[0] as string)).toBe(true);
  });
});
