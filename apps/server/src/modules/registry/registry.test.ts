import { and, count, eq, ilike, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { licences, projects, supervisionAccounts } from '../../db/schema/index';
import { DEMO_BUYER_QUERY } from '../../seed/demo-accounts';
import { BUYER_LOCKED_MESSAGE, BUYER_NOT_MATCHED_MESSAGE } from './buyer-query.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

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

describe('buyer queries', () => {
  const valid = { ...DEMO_BUYER_QUERY, idcard: DEMO_BUYER_QUERY.idCard };

  it('answers the funds and the contract of the demo buyer, trimmed', async () => {
    const funds = await post('/api/registry/buyer-funds', {
      ...valid,
      idcard: ` ${valid.idcard} `,
      netsignnum: ` ${valid.netsignnum}`,
    });
    expect(funds.statusCode).toBe(200);
    const data = funds.json().data;
    expect(data.houseList.length).toBe(1);
    expect(data.sellList.length).toBeGreaterThan(0);
    expect(data.accountList.length).toBeGreaterThan(0);
    const contract = (await post('/api/registry/buyer-contracts', valid)).json().data;
    expect(Object.keys(contract).sort()).toEqual(['houseList', 'sellList']);
  });

  it('checks the ID checksum and required fields in Chinese', async () => {
    const badChecksum = valid.idcard.slice(0, 17) + (valid.idcard.endsWith('0') ? '1' : '0');
    const res = await post('/api/registry/buyer-funds', { ...valid, idcard: badChecksum });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('请输入有效的身份证号');
    const empty = await post('/api/registry/buyer-funds', { ...valid, password: '  ' });
    expect(JSON.stringify(empty.json())).toContain('请输入购房密码');
  });

  it('gives one message for any wrong field and limits wrong attempts per client', async () => {
    const ip = '10.9.9.9';
    const wrongs = [
      { ...valid, password: '000000' },
      { ...valid, netsignnum: 'WQ2026HGQ999999' },
      { ...valid, areaCode: 'BDH' },
    ];
    for (const body of wrongs) {
      const res = await post('/api/registry/buyer-contracts', body, ip);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BUYER_NOT_MATCHED_MESSAGE);
    }
    await post('/api/registry/buyer-funds', wrongs[0] as object, ip);
    await post('/api/registry/buyer-funds', wrongs[0] as object, ip);
    const locked = await post('/api/registry/buyer-funds', valid, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(BUYER_LOCKED_MESSAGE);
    expect((await post('/api/registry/buyer-funds', valid, '10.9.9.10')).statusCode).toBe(200);
  });
});
