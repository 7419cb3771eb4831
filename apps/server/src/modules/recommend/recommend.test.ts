import { DEFAULT_RECOMMEND_DEMAND } from '@portal/shared/schemas/recommend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearerFor } from '../news/test-helpers';

let t: TestApp;
let buyer: { authorization: string };
let other: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.2 });
  buyer = await bearerFor(t.database.db, '13800000001');
  other = await bearerFor(t.database.db, '13800000002');
});
afterAll(async () => t.dispose());

interface Card {
  id: number;
  districtCode: string;
  platformPrice: number;
}

const recommend = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/recommend/projects${query}`, headers });
const putDemand = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/recommend/demand', headers, payload });

describe('recommendations', () => {
  it('needs a session', async () => {
    expect((await recommend({})).statusCode).toBe(401);
    expect((await putDemand({}, DEFAULT_RECOMMEND_DEMAND)).statusCode).toBe(401);
  });

  it('uses the sample demand for a user without one, 12 per page, district matches first', async () => {
    const { data } = (await recommend(other)).json();
    expect(data.demand).toEqual(DEFAULT_RECOMMEND_DEMAND);
    expect(data.pageSize).toBe(12);
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.length).toBeLessThanOrEqual(12);
    expect(data.list[0].districtCode).toBe('HGQ');
  });

  it('follows a changed demand', async () => {
    const demand = { ...DEFAULT_RECOMMEND_DEMAND, districtCode: 'BDH', priceMin: null };
    const saved = await putDemand(other, demand);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: '保存成功', data: demand });
    const { data } = (await recommend(other)).json();
    expect(data.demand.districtCode).toBe('BDH');
    expect(data.list[0].districtCode).toBe('BDH');
    const hgqFirst = (await recommend(buyer)).json().data.list as Card[];
    expect(hgqFirst[0]?.districtCode).toBe('HGQ');
  });

  it('pages without repeating projects', async () => {
    const first = (await recommend(other, '?pageSize=3')).json().data;
    const second = (await recommend(other, '?pageSize=3&pageNum=2')).json().data;
    const ids = [...first.list, ...second.list].map((card: Card) => card.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.total).toBe(first.total);
  });

  it('refuses an inverted price band with 400', async () => {
    const response = await putDemand(other, {
      ...DEFAULT_RECOMMEND_DEMAND,
      priceMin: 9000,
      priceMax: 8000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('10001');
  });
});
