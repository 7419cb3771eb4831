import {
  canListingDo,
  LISTING_STATUS,
  LISTING_STATUS_CODES,
  type ListingAction,
  type ListingStatusCode,
  listingStatusLabel,
} from '@portal/shared/constants/listing-status';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { listingPictures, secondHandListings } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { newSaleForm } from './listings-test-helpers';

type Headers = { authorization: string };
const { DRAFT, PENDING, PUBLISHED, REJECTED, WITHDRAWN, TAKEN_DOWN, UNCONFIRMED, CLOSED } =
  LISTING_STATUS;

let t: TestApp;
let buyer: Headers;
let form: Awaited<ReturnType<typeof newSaleForm>>;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  form = await newSaleForm(t, buyer);
});
afterAll(async () => t.dispose());

const setStatus = (id: number, publishStatus: number, reviewNote: string | null = null) =>
  t.database.db
    .update(secondHandListings)
    .set({ publishStatus, reviewNote })
    .where(eq(secondHandListings.id, id));

async function rowOf(id: number) {
  const [row] = await t.database.db
    .select()
    .from(secondHandListings)
    .where(eq(secondHandListings.id, id));
  return row;
}

async function createListing(): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: buyer,
    payload: form,
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.id as number;
}

const VERB: Record<ListingAction, string> = {
  edit: '编辑',
  submit: '提交审核',
  withdraw: '撤回',
  delete: '删除',
  confirm: '确认在售',
  close: '标记为已成交',
  reprice: '调价',
};

/** Where an allowed action leaves a listing that was in `from`. */
function destination(action: ListingAction, from: ListingStatusCode): number | undefined {
  if (action === 'submit') return PENDING;
  if (action === 'withdraw') return WITHDRAWN;
  if (action === 'confirm') return PUBLISHED;
  if (action === 'close') return CLOSED;
  if (action === 'delete') return undefined;
  if (action === 'edit') return from === PUBLISHED ? PENDING : from;
  return from;
}

function act(action: ListingAction, id: number) {
  const url = `/api/listings/${id}`;
  if (action === 'edit')
    return t.app.inject({
      method: 'PUT',
      url,
      headers: buyer,
      payload: { ...form, title: `改过的标题 ${id} 三室两厅南北` },
    });
  if (action === 'delete') return t.app.inject({ method: 'DELETE', url, headers: buyer });
  if (action === 'reprice')
    return t.app.inject({
      method: 'POST',
      url: `${url}/price`,
      headers: buyer,
      payload: { price: form.price + 10_000 },
    });
  if (action === 'confirm' || action === 'close')
    return t.app.inject({ method: 'POST', url: `${url}/${action}`, headers: buyer });
  return t.app.inject({
    method: 'POST',
    url: `${url}/audit`,
    headers: buyer,
    payload: { operation: action === 'submit' ? 1 : 4 },
  });
}

describe('the owner actions of each listing state (docs/product/listings.md)', () => {
  it('allows each action exactly in the states that list it, and refuses the rest unchanged', async () => {
    const id = await createListing();
    const actions = Object.keys(VERB) as ListingAction[];
    for (const status of LISTING_STATUS_CODES) {
      for (const action of actions) {
        const allowed = canListingDo(status, action);
        const target = allowed && action === 'delete' ? await createListing() : id;
        await setStatus(target, status);
        const response = await act(action, target);
        const label = `${action} from ${listingStatusLabel(status)}`;
        if (!allowed) {
          expect(response.statusCode, label).toBe(409);
          expect(response.json(), label).toMatchObject({
            code: '70003',
            message: `房源当前状态为「${listingStatusLabel(status)}」，不能${VERB[action]}`,
          });
          expect((await rowOf(target))?.publishStatus, label).toBe(status);
          continue;
        }
        expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
        expect((await rowOf(target))?.publishStatus, label).toBe(destination(action, status));
      }
    }
  });

  it('the owner actions per state are the ones the product promises', () => {
    const actionsOf = (status: number) =>
      (Object.keys(VERB) as ListingAction[]).filter((a) => canListingDo(status, a)).sort();
    expect(actionsOf(WITHDRAWN)).toEqual(actionsOf(REJECTED));
    expect(actionsOf(TAKEN_DOWN)).toEqual(['delete', 'edit', 'submit']);
    expect(actionsOf(UNCONFIRMED)).toEqual(['close', 'confirm', 'withdraw']);
    expect(actionsOf(PENDING)).toEqual(['withdraw']);
    expect(actionsOf(DRAFT)).toEqual(['delete', 'edit', 'submit']);
  });

  it('a withdrawn listing says 已撤回 and never shows an old rejection reason', async () => {
    const id = await createListing();
    await setStatus(id, REJECTED, '房源照片不清晰');
    expect((await act('submit', id)).statusCode).toBe(200);
    expect((await act('withdraw', id)).statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/listings/mine?type=1&pageSize=50',
      headers: buyer,
    });
    const row = mine.json().data.list.find((l: { id: number }) => l.id === id);
    expect(row).toMatchObject({ publishStatus: WITHDRAWN, reviewNote: null });
    expect(listingStatusLabel(row.publishStatus)).toBe('已撤回');
  });

  it('another citizen cannot act on the listing: every action answers 70002', async () => {
    const id = await createListing();
    await setStatus(id, PUBLISHED);
    const stranger = await bearerFor(t.database.db, '13800000002');
    for (const [method, path, payload] of [
      ['POST', 'audit', { operation: 4 }],
      ['POST', 'confirm', undefined],
      ['POST', 'close', undefined],
      ['POST', 'price', { price: 1 }],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/listings/${id}/${path}`,
        headers: stranger,
        payload,
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('70002');
    }
    expect((await rowOf(id))?.publishStatus).toBe(PUBLISHED);
  });
});

describe('deleting a listing', () => {
  it('deletes a 待发布 listing with its pictures', async () => {
    const id = await createListing();
    await setStatus(id, DRAFT);
    const removed = await act('delete', id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('删除成功');
    expect(await rowOf(id)).toBeUndefined();
    const [pictures] = await t.database.db
      .select({ n: count() })
      .from(listingPictures)
      .where(eq(listingPictures.listingId, id));
    expect(pictures?.n).toBe(0);
  });
});
