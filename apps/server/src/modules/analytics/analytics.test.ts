import { and, count, desc, eq, max, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { dealStats, projects, questionnaires } from '../../db/schema/index';
import { INTENT_BUY, INTENT_RENT, maskName } from './analytics.queries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.2 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const published = eq(projects.publishStatus, 3);

describe('dashboard aggregates', () => {
  it('lists the newest published projects with district names', async () => {
    const { data } = (await get('/api/analytics/new-listings')).json();
    const rows = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(published)
      .orderBy(sql`${projects.publishedAt} desc nulls last`, desc(projects.id))
      .limit(30);
    expect(data.map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id));
    expect(data[0].district).toMatch(/区|县/);
  });

  it('counts published projects and their followers like SQL', async () => {
    const { data } = (await get('/api/analytics/counters')).json();
    const [row] = await t.database.db
      .select({ n: count(), followers: sum(projects.collectNumber) })
      .from(projects)
      .where(published);
    expect(data.publishedCount).toBe(row?.n);
    expect(data.collectedCount).toBe(Number(row?.followers ?? 0));
  });

  it('sums the latest month of new-build deals, for the city and one district', async () => {
    for (const areaCode of [undefined, 'BDH'] as const) {
      const url = `/api/analytics/deals${areaCode ? `?areaCode=${areaCode}` : ''}`;
      const { data } = (await get(url)).json();
      const where = areaCode
        ? and(eq(dealStats.kind, 'new'), eq(dealStats.districtCode, areaCode))
        : eq(dealStats.kind, 'new');
      const [latest] = await t.database.db
        .select({ m: max(dealStats.statMonth) })
        .from(dealStats)
        .where(where);
      const [row] = await t.database.db
        .select({
          n: sum(dealStats.dealCount),
          total: sum(dealStats.dealTotalPrice),
          area: sum(dealStats.dealArea),
        })
        .from(dealStats)
        .where(and(where, eq(dealStats.statMonth, latest?.m ?? '')));
      expect(data.month).toBe(latest?.m?.slice(0, 7));
      expect(data.dealCount).toBe(Number(row?.n));
      expect(data.dealTotalPrice).toBe(Number(row?.total));
      expect(data.dealCurrentPrice).toBe(Math.round(Number(row?.total) / Number(row?.area)));
    }
    expect((await get('/api/analytics/deals?areaCode=XX')).statusCode).toBe(400);
  });

  it('pages questionnaires with the allowed sizes, names masked', async () => {
    const six = (await get('/api/analytics/questionnaires')).json().data;
    const [row] = await t.database.db.select({ n: count() }).from(questionnaires);
    expect(six.total).toBe(row?.n);
    expect(six.list).toHaveLength(6);
    const ten = (await get('/api/analytics/questionnaires?pageSize=10&pageNum=2')).json().data;
    expect(ten.list).toHaveLength(10);
    expect(ten.list[0].name).toMatch(/^.\*+$/);
    const bad = await get('/api/analytics/questionnaires?pageSize=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/每页条数/);
    expect(maskName('张三丰')).toBe('张**');
  });

  it('builds the bar chart from questionnaire counts per district', async () => {
    const { data } = (await get('/api/analytics/intent-districts')).json();
    expect(data.xaxisData[0]).toBe('海港区');
    const [row] = await t.database.db
      .select({ n: count() })
      .from(questionnaires)
      .where(eq(questionnaires.districtCode, 'HGQ'));
    expect(data.seriesData[0]).toBe(row?.n);
    const [all] = await t.database.db.select({ n: count() }).from(questionnaires);
    expect(data.seriesData.reduce((a: number, b: number) => a + b, 0)).toBe(all?.n);
  });

  it('builds six pies whose slices add up to the buy and rent respondents', async () => {
    for (const areaCode of ['', 'HGQ']) {
      const { data } = (await get(`/api/analytics/intent-pies?areaCode=${areaCode}`)).json();
      for (const [group, type] of [
        ['buy', INTENT_BUY],
        ['rent', INTENT_RENT],
      ] as const) {
        const where = areaCode
          ? and(eq(questionnaires.intentType, type), eq(questionnaires.districtCode, areaCode))
          : eq(questionnaires.intentType, type);
        const [row] = await t.database.db.select({ n: count() }).from(questionnaires).where(where);
        for (const pie of ['houseModel', 'area', 'price']) {
          const slices = data[group][pie] as Array<{ name: string; value: number }>;
          expect(
            slices.reduce((s, p) => s + p.value, 0),
            `${group} ${pie}`,
          ).toBe(row?.n);
        }
      }
    }
  });
});
