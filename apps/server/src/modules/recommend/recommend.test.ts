import { DEFAULT_RECOMMEND_DEMAND, type RecommendDemand } from '@portal/shared/schemas/recommend';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { houseModels, projects } from '../../db/schema/index';
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

  it('states the sample demand for a user without one, 12 per page', async () => {
    const { data } = (await recommend(other)).json();
    expect(data.demand).toEqual(DEFAULT_RECOMMEND_DEMAND);
    expect(data.isSampleDemand).toBe(true);
    expect(data.pageSize).toBe(12);
    expect(data.list.length).toBeLessThanOrEqual(12);
  });

  it('lists only projects that meet the recorded demand, closest to it first', async () => {
    const { data } = (await recommend(buyer)).json();
    expect(data.isSampleDemand).toBe(false);
    const demand = data.demand as RecommendDemand;
    expect(data.list.length).toBeGreaterThan(0);
    const distances: number[] = [];
    for (const card of data.list as Card[]) {
      expect(card.districtCode).toBe(demand.districtCode);
      expect(card.platformPrice).toBeGreaterThanOrEqual(demand.priceMin ?? 0);
      expect(card.platformPrice).toBeLessThanOrEqual(demand.priceMax ?? Infinity);
      const models = await t.database.db
        .select()
        .from(houseModels)
        .where(eq(houseModels.projectId, card.id));
      const fits = models.filter(
        (m) =>
          m.bedroom === demand.bedroom &&
          Number(m.area) >= (demand.areaMin ?? 0) &&
          Number(m.area) <= (demand.areaMax ?? Infinity),
      );
      expect(fits.length, `${card.id} has a fitting model`).toBeGreaterThan(0);
      const priceMid = ((demand.priceMin ?? 0) + (demand.priceMax ?? 0)) / 2;
      const areaMid = ((demand.areaMin ?? 0) + (demand.areaMax ?? 0)) / 2;
      const nearest = Math.min(...fits.map((m) => Math.abs(Number(m.area) - areaMid)));
      distances.push(Math.abs(card.platformPrice - priceMid) / priceMid + nearest / areaMid);
    }
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('leaves out every project that misses a part of the demand', async () => {
    const { data } = (await recommend(buyer, '?pageSize=50')).json();
    const listed = new Set((data.list as Card[]).map((card) => card.id));
    const elsewhere = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.districtCode, 'HGQ'));
    for (const { id } of elsewhere) expect(listed.has(id)).toBe(false);
  });

  it('follows a changed demand', async () => {
    const demand = {
      ...DEFAULT_RECOMMEND_DEMAND,
      districtCode: 'BDH',
      priceMin: null,
      priceMax: null,
      areaMin: null,
      areaMax: null,
    };
    const saved = await putDemand(other, demand);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: '保存成功', data: demand });
    const { data } = (await recommend(other)).json();
    expect(data.demand.districtCode).toBe('BDH');
    expect(data.isSampleDemand).toBe(false);
    expect(data.list.length).toBeGreaterThan(0);
    for (const card of data.list as Card[]) expect(card.districtCode).toBe('BDH');
  });

  it('answers an empty page, not other projects, when nothing meets the demand', async () => {
    await putDemand(other, { ...DEFAULT_RECOMMEND_DEMAND, priceMin: 190000, priceMax: 200000 });
    const { data } = (await recommend(other)).json();
    expect(data).toMatchObject({ list: [], total: 0, isSampleDemand: false });
  });

  it('pages without repeating projects', async () => {
    const open = Object.fromEntries(Object.keys(DEFAULT_RECOMMEND_DEMAND).map((k) => [k, null]));
    expect((await putDemand(other, open)).statusCode).toBe(200);
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
