import { and, count, eq, ilike, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { licences, projects, supervisionAccounts } from '../../db/schema/index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('licence query', () => {
  it('defaults to HGQ, 10 a page, and counts like SQL', async () => {
    const res = await get('/api/registry/licences');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(licences)
      .where(eq(licences.districtCode, 'HGQ'));
    expect(data.total).toBe(expected?.n);
    expect(data.total).toBeGreaterThan(0);
    expect(data.pageSize).toBe(10);
    expect(data.list.length).toBe(Math.min(10, data.total));
    expect(Object.keys(data.list[0]).sort()).toEqual(
      [
        'address',
        'buildNum',
        'company',
        'id',
        'presellLicence',
        'projectName',
        'statusDate',
      ].sort(),
    );
  });

  it('pages with the allowed sizes and refuses others in Chinese', async () => {
    const all = (await get('/api/registry/licences?areaCode=&pageSize=50')).json().data;
    const second = (await get('/api/registry/licences?areaCode=&pageSize=20&pageNum=2')).json()
      .data;
    expect(second.list.map((r: { id: number }) => r.id)).toEqual(
      all.list.slice(20, 40).map((r: { id: number }) => r.id),
    );
    const bad = await get('/api/registry/licences?pageSize=15');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await get('/api/registry/licences?areaCode=XX')).statusCode).toBe(400);
  });

  it('trims keywords and matches project names', async () => {
    const [row] = await t.database.db
      .select({ name: projects.projectName })
      .from(licences)
      .innerJoin(projects, eq(projects.id, licences.projectId))
      .where(eq(licences.districtCode, 'HGQ'))
      .limit(1);
    const name = row?.name ?? '';
    const res = await get(
      `/api/registry/licences?projectName=${encodeURIComponent(`  ${name}  `)}`,
    );
    const { data } = res.json();
    expect(data.total).toBeGreaterThan(0);
    for (const item of data.list) expect(item.projectName).toContain(name);
    const none = await get(`/api/registry/licences?company=${encodeURIComponent('不存在的公司%')}`);
    expect(none.json().data).toMatchObject({ total: 0, list: [] });
  });
});

describe('supervision account notice', () => {
  it('filters by keyword on project name or developer', async () => {
    const [row] = await t.database.db
      .select({ company: supervisionAccounts.company })
      .from(supervisionAccounts)
      .where(eq(supervisionAccounts.districtCode, 'HGQ'))
      .limit(1);
    const keyword = (row?.company ?? '').slice(0, 4);
    const res = await get(
      `/api/registry/supervision-accounts?keyword=%20${encodeURIComponent(keyword)}%20`,
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const pattern = `%${keyword}%`;
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(supervisionAccounts)
      .innerJoin(projects, eq(projects.id, supervisionAccounts.projectId))
      .where(
        and(
          eq(supervisionAccounts.districtCode, 'HGQ'),
          or(
            ilike(projects.projectName, pattern),
            ilike(projects.publishName, pattern),
            ilike(supervisionAccounts.company, pattern),
          ),
        ),
      );
    expect(data.total).toBe(expected?.n);
    expect(data.total).toBeGreaterThan(0);
  });
});
