import { LISTING_STATUS_LABEL } from '@portal/shared/constants/listings';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { listingPictures, secondHandListings } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { demoVerificationForm, saleForm, tagIds, testImage, upload } from './listings-test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let png: Buffer;
let saleTags: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  png = await testImage('png');
  saleTags = await tagIds(t, 6);
});
afterAll(async () => t.dispose());

async function uploadPath(kind: string): Promise<string> {
  const response = await upload(t, buyer, kind, { name: 'a.png', bytes: png, type: 'image/png' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.path as string;
}

/** A valid sale form of the demo buyer around a fresh passed verification and uploads. */
async function validForm() {
  const check = await t.app.inject({
    method: 'POST',
    url: '/api/listings/verifications',
    headers: buyer,
    payload: demoVerificationForm(),
  });
  return saleForm(
    check.json().data.id as number,
    {
      house: [await uploadPath('house')],
      certificate: [await uploadPath('certificate')],
      idcard: [await uploadPath('idcard')],
    },
    saleTags,
  );
}

const setStatus = (id: number, publishStatus: number) =>
  t.database.db
    .update(secondHandListings)
    .set({ publishStatus })
    .where(eq(secondHandListings.id, id));
const statusOf = async (id: number) =>
  (
    await t.database.db
      .select({ s: secondHandListings.publishStatus })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, id))
  )[0]?.s;

type Action = 'edit' | 'submit' | 'withdraw' | 'delete';
const VERB: Record<Action, string> = {
  edit: '编辑',
  submit: '提交审核',
  withdraw: '撤回',
  delete: '删除',
};

function act(action: Action, id: number, form: object) {
  if (action === 'edit')
    return t.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: buyer,
      payload: form,
    });
  if (action === 'delete')
    return t.app.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: buyer });
  return t.app.inject({
    method: 'POST',
    url: `/api/listings/${id}/audit`,
    headers: buyer,
    payload: { operation: action === 'submit' ? 1 : 4 },
  });
}

describe('the owner actions each publishStatus refuses (spec 2 §4)', () => {
  it('refuses submit, delete and edit from 2 and 3, withdraw from 1 and 4, and changes nothing', async () => {
    const form = await validForm();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: buyer,
      payload: form,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const refused: Array<[number, Action]> = [
      [2, 'submit'],
      [3, 'submit'],
      [1, 'withdraw'],
      [4, 'withdraw'],
      [2, 'delete'],
      [3, 'delete'],
      [2, 'edit'],
      [3, 'edit'],
    ];
    for (const [status, action] of refused) {
      await setStatus(id, status);
      const response = await act(action, id, { ...form, title: '改过的标题 不应保存 三室两厅' });
      expect(response.statusCode, `${action} from ${status}`).toBe(409);
      expect(response.json()).toMatchObject({
        code: '70003',
        message: `房源当前状态为「${LISTING_STATUS_LABEL[status]}」，不能${VERB[action]}`,
      });
      expect(await statusOf(id), `${action} from ${status}`).toBe(status);
    }
    const [row] = await t.database.db
      .select({ title: secondHandListings.title })
      .from(secondHandListings)
      .where(eq(secondHandListings.id, id));
    expect(row?.title).toBe(form.title);
  });

  it('allows submit from 1 and 4, withdraw from 2 and 3, edit from 1 and 4 keeping the state', async () => {
    const form = await validForm();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: buyer,
      payload: form,
    });
    const id = created.json().data.id as number;
    const allowed: Array<[number, Action, number]> = [
      [1, 'submit', 2],
      [4, 'submit', 2],
      [2, 'withdraw', 4],
      [3, 'withdraw', 4],
      [1, 'edit', 1],
      [4, 'edit', 4],
    ];
    for (const [status, action, after] of allowed) {
      await setStatus(id, status);
      const response = await act(action, id, form);
      expect(response.statusCode, `${action} from ${status}: ${response.body}`).toBe(200);
      expect(await statusOf(id), `${action} from ${status}`).toBe(after);
    }
  });
});

describe('deleting a listing', () => {
  it('deletes a 待发布 (publishStatus 1) listing with its pictures', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: buyer,
      payload: await validForm(),
    });
    const id = created.json().data.id as number;
    await setStatus(id, 1);
    expect(await statusOf(id)).toBe(1);
    const removed = await act('delete', id, {});
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('删除成功');
    expect(await statusOf(id)).toBeUndefined();
    const [pictures] = await t.database.db
      .select({ n: count() })
      .from(listingPictures)
      .where(eq(listingPictures.listingId, id));
    expect(pictures?.n).toBe(0);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/listings/mine?type=1',
      headers: buyer,
    });
    expect(mine.json().data.list.map((l: { id: number }) => l.id)).not.toContain(id);
  });
});
