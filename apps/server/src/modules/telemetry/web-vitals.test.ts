import { beijingDate } from '@portal/shared/beijing-time';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/sql-rows';
import { sweepExpiredRecords } from '../../jobs/record-sweeper';
import { useAdminTest } from '../admin/admin-test-helpers';
import { WEB_VITALS_PER_MINUTE } from './telemetry.routes';

const c = useAdminTest();
const BEACON = '/api/telemetry/web-vitals';

let client = 0;
/** Each call from an address of its own, so the per-address limit stays out of the way. */
function beacon(payload: unknown, headers: Record<string, string> = {}) {
  client += 1;
  return c.t.app.inject({
    method: 'POST',
    url: BEACON,
    remoteAddress: `10.9.${Math.floor(client / 250)}.${client % 250}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function visit(page: string, lcp: number, inp: number | null, cls: number, device = 'phone') {
  const metrics = [
    { name: 'LCP', value: lcp, rating: 'good' },
    ...(inp === null ? [] : [{ name: 'INP', value: inp, rating: 'good' }]),
    { name: 'CLS', value: cls, rating: 'good' },
  ];
  return { page, device, metrics };
}

async function countRows(): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    c.t.database.db,
    sql`select count(*)::int as n from web_vital_counts`,
  );
  return row?.n ?? 0;
}

async function summary(query = '') {
  const res = await c.send('GET', `/api/admin/web-vitals${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    from: string;
    to: string;
    days: number;
    rows: Array<{ page: string; metric: string; p75: number; samples: number; rating: string }>;
  };
}

describe('real visits’ figures', () => {
  it('counts beacons (JSON or the text sendBeacon sends) and shows p75 per page type and metric', async () => {
    for (const [lcp, inp, cls] of [
      [1200, 40, 0],
      [1800, 120, 0.02],
      [2400, 180, 0.05],
      [5000, 900, 0.3],
    ] as const) {
      expect((await beacon(visit('/newHouse', lcp, inp, cls))).statusCode).toBe(200);
    }
    // sendBeacon's string body arrives as text/plain.
    const asText = await beacon(JSON.stringify(visit('/houseHome', 900, null, 0.01, 'desktop')), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(asText.statusCode).toBe(200);
    expect(asText.json()).toMatchObject({ code: '000000' });
    // The page as the page table spells it, whatever the case the address had.
    expect((await beacon(visit('/househome', 1100, 60, 0, 'desktop'))).statusCode).toBe(200);

    const data = await summary();
    expect(data.days).toBe(7);
    expect(data.to).toBe(beijingDate(new Date()));
    const row = (page: string, metric: string) =>
      data.rows.find((r) => r.page === page && r.metric === metric);
    expect(row('/newHouse', 'LCP')).toMatchObject({ p75: 2400, samples: 4, rating: 'good' });
    expect(row('/newHouse', 'INP')).toMatchObject({ p75: 180, samples: 4, rating: 'good' });
    expect(row('/newHouse', 'CLS')).toMatchObject({ p75: 0.05, samples: 4, rating: 'good' });
    expect(row('/houseHome', 'LCP')).toMatchObject({ p75: 1100, samples: 2 });
    expect(row('/houseHome', 'INP')).toMatchObject({ p75: 60, samples: 1 });
    expect(data.rows.map((r) => `${r.page} ${r.metric}`).slice(0, 3)).toEqual([
      '/houseHome LCP',
      '/houseHome INP',
      '/houseHome CLS',
    ]);

    const phones = await summary('?device=phone');
    expect(phones.rows.every((r) => r.page === '/newHouse')).toBe(true);
    expect((await c.send('GET', '/api/admin/web-vitals?device=watch')).statusCode).toBe(400);
  });

  it('stores counts only: no address, no query, no visitor', async () => {
    await beacon(visit('/detailscs', 1500, 100, 0));
    const columns = await selectRows<{ column_name: string }>(
      c.t.database.db,
      sql`select column_name from information_schema.columns where table_name = 'web_vital_counts' order by ordinal_position`,
    );
    const names = columns.map((r) => r.column_name);
    expect(names).toEqual(['day', 'page_type', 'metric', 'device', 'bucket', 'count']);
  });

  it('refuses bad beacons with a Chinese message and 400', async () => {
    const cases: unknown[] = [
      { ...visit('/newHouse', 1000, 10, 0), page: '/houseHome?id=12' },
      { ...visit('/newHouse', 1000, 10, 0), page: '/no-such-page' },
      { ...visit('/newHouse', 1000, 10, 0), device: 'watch' },
      { page: '/newHouse', device: 'phone', metrics: [] },
      { page: '/newHouse', device: 'phone', metrics: [{ name: 'FID', value: 1, rating: 'good' }] },
      { page: '/newHouse', device: 'phone', metrics: [{ name: 'LCP', value: -1, rating: 'good' }] },
      {
        page: '/newHouse',
        device: 'phone',
        metrics: [{ name: 'CLS', value: 500, rating: 'good' }],
      },
      {
        page: '/newHouse',
        device: 'phone',
        metrics: [
          { name: 'LCP', value: 1, rating: 'good' },
          { name: 'LCP', value: 2, rating: 'good' },
        ],
      },
      { page: '/newHouse', device: 'phone', metrics: [{ name: 'LCP', value: 'x', rating: 'ok' }] },
    ];
    for (const payload of cases) {
      const res = await beacon(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('10001');
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const notJson = await beacon('{"page":', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('请求内容不是有效的 JSON');
    const tooLarge = await beacon({ ...visit('/newHouse', 1, 1, 0), padding: 'x'.repeat(4000) });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('limits beacons per client address, and a flood only raises counts', async () => {
    const before = await countRows();
    const statuses: number[] = [];
    for (let i = 0; i < WEB_VITALS_PER_MINUTE + 5; i += 1) {
      const res = await c.t.app.inject({
        method: 'POST',
        url: BEACON,
        remoteAddress: '10.8.0.1',
        payload: visit('/tool', 1000, 50, 0),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(WEB_VITALS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    const after = await countRows();
    // Thirty identical visits are three rows (one per metric), each counted thirty times.
    expect(after - before).toBe(3);
    const tool = (await summary()).rows.filter((r) => r.page === '/tool');
    expect(tool.map((r) => r.samples)).toEqual([
      WEB_VITALS_PER_MINUTE,
      WEB_VITALS_PER_MINUTE,
      WEB_VITALS_PER_MINUTE,
    ]);
  });

  it('keeps 7 days: older counts are left out of the console and deleted by the record sweeper', async () => {
    const db = c.t.database.db;
    const dayAgo = (days: number) => beijingDate(new Date(Date.now() - days * 24 * 3600_000));
    await db.execute(sql`insert into web_vital_counts (day, page_type, metric, device, bucket, count)
      values (${dayAgo(6)}, '/map', 'LCP', 'phone', 1000, 1),
             (${dayAgo(7)}, '/map', 'LCP', 'phone', 9000, 5),
             (${dayAgo(30)}, '/map', 'INP', 'phone', 800, 2)`);
    const map = (await summary()).rows.filter((r) => r.page === '/map');
    expect(map).toEqual([expect.objectContaining({ metric: 'LCP', p75: 1000, samples: 1 })]);

    const swept = await sweepExpiredRecords(c.t.app, new Date());
    expect(swept.webVitalCounts).toBe(2);
    const left = await selectRows<{ day: string }>(
      db,
      sql`select day::text as day from web_vital_counts where page_type = '/map'`,
    );
    expect(left.map((r) => r.day)).toEqual([dayAgo(6)]);
  });

  it('is the operators’ own (test/access-control.test.ts checks citizens get 403)', async () => {
    expect((await c.t.app.inject({ url: '/api/admin/web-vitals' })).statusCode).toBe(401);
  });

  it('tells the page its sampling rate (every visit outside production)', async () => {
    const res = await c.t.app.inject({ url: '/api/site/services' });
    expect(res.json().data.webVitalsSampleRate).toBe(1);
  });
});
