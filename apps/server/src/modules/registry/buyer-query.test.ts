import { idCardCheckChar, isValidIdCard } from '@portal/shared/validators';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_BUYER_QUERY } from '../../seed/demo-accounts';
import {
  BUYER_QUERY_MAX_FAILURES,
  BUYER_QUERY_WINDOW_MS,
  InProcessBuyerQueryLimiter,
  RedisBuyerQueryLimiter,
} from './buyer-query-limiter';
import { BUYER_LOCKED_MESSAGE, BUYER_NOT_MATCHED_MESSAGE } from './buyer-query.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

const valid = { ...DEMO_BUYER_QUERY, idcard: DEMO_BUYER_QUERY.idCard };

/** Another person's ID: a different sequence number with its own correct check digit. */
function otherPersonId(id: string): string {
  const sequence = id.slice(14, 17) === '999' ? '998' : '999';
  const first17 = id.slice(0, 14) + sequence;
  return first17 + idCardCheckChar(first17);
}

describe('buyer queries', () => {
  it('answers the funds and the contract of the demo buyer, trimmed', async () => {
    const ip = '10.0.1.1';
    const funds = await post(
      '/api/registry/buyer-funds',
      { ...valid, idcard: ` ${valid.idcard} `, netsignnum: ` ${valid.netsignnum}` },
      ip,
    );
    expect(funds.statusCode).toBe(200);
    const data = funds.json().data;
    expect(data.houseList.length).toBe(1);
    expect(data.sellList.length).toBeGreaterThan(0);
    expect(data.accountList.length).toBeGreaterThan(0);
    const contract = (await post('/api/registry/buyer-contracts', valid, ip)).json().data;
    expect(Object.keys(contract).sort()).toEqual(['houseList', 'sellList']);
  });

  it('checks the ID checksum and required fields in Chinese', async () => {
    const ip = '10.0.1.2';
    const badChecksum = valid.idcard.slice(0, 17) + (valid.idcard.endsWith('0') ? '1' : '0');
    const res = await post('/api/registry/buyer-funds', { ...valid, idcard: badChecksum }, ip);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('请输入有效的身份证号');
    const empty = await post('/api/registry/buyer-funds', { ...valid, password: '  ' }, ip);
    expect(JSON.stringify(empty.json())).toContain('请输入购房密码');
  });

  it('answers every wrong field, including another valid ID, with the same status and body', async () => {
    const otherId = otherPersonId(valid.idcard);
    expect(isValidIdCard(otherId)).toBe(true);
    expect(otherId).not.toBe(valid.idcard);
    const wrongs = [
      { ...valid, password: '000000' },
      { ...valid, netsignnum: 'WQ2026HGQ999999' },
      { ...valid, areaCode: 'BDH' },
      { ...valid, idcard: otherId },
    ];
    const answers = [];
    for (const [index, body] of wrongs.entries()) {
      // A fresh client each time, so the attempt limit plays no part here.
      answers.push(await post('/api/registry/buyer-contracts', body, `10.0.2.${index}`));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(answers[0]?.body);
    }
    expect(answers[0]?.json().message).toBe(BUYER_NOT_MATCHED_MESSAGE);
  });

  it('locks a client out after five wrong attempts, on both queries, but not others', async () => {
    const ip = '10.0.3.1';
    const wrong = { ...valid, password: '000000' };
    for (let i = 0; i < BUYER_QUERY_MAX_FAILURES; i += 1) {
      const url = i % 2 === 0 ? '/api/registry/buyer-contracts' : '/api/registry/buyer-funds';
      expect((await post(url, wrong, ip)).statusCode).toBe(404);
    }
    const locked = await post('/api/registry/buyer-funds', valid, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(BUYER_LOCKED_MESSAGE);
    expect((await post('/api/registry/buyer-funds', valid, '10.0.3.2')).statusCode).toBe(200);
  });

  it('caps parallel wrong attempts at the limit', async () => {
    const ip = '10.0.4.1';
    const wrong = { ...valid, password: '000000' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/registry/buyer-contracts', wrong, ip)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(BUYER_QUERY_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - BUYER_QUERY_MAX_FAILURES);
    expect((await post('/api/registry/buyer-contracts', valid, ip)).statusCode).toBe(429);
  });

  it('does not count matching queries against the client', async () => {
    const ip = '10.0.5.1';
    for (let i = 0; i < BUYER_QUERY_MAX_FAILURES + 2; i += 1) {
      expect((await post('/api/registry/buyer-contracts', valid, ip)).statusCode).toBe(200);
    }
  });

  it('answers 429 in Chinese once a client passes the route limit of 30 a minute', async () => {
    const ip = '10.0.6.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      // Invalid bodies are refused before any credential check, yet count for the route limit.
      const res = await post('/api/registry/buyer-funds', { areaCode: 'HGQ' }, ip);
      statuses.push(res.statusCode);
      if (i === 30) {
        expect(res.json().code).toBe('10429');
        expect(res.json().message).toMatch(/^[\u4e00-\u9fa5，]+$/);
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('in-process attempt counter', () => {
  it('slides its window and gives back released attempts', async () => {
    let now = 1_000_000;
    const limiter = new InProcessBuyerQueryLimiter(() => now);
    const tickets = [];
    for (let i = 0; i < BUYER_QUERY_MAX_FAILURES; i += 1) tickets.push(await limiter.reserve('a'));
    expect(tickets.every(Boolean)).toBe(true);
    expect(await limiter.reserve('a')).toBeNull();
    expect(await limiter.reserve('b')).not.toBeNull();
    const last = tickets.at(-1);
    if (last) await limiter.release(last);
    expect(await limiter.reserve('a')).not.toBeNull();
    expect(await limiter.reserve('a')).toBeNull();
    now += BUYER_QUERY_WINDOW_MS + 1;
    expect(await limiter.reserve('a')).not.toBeNull();
  });

  it('keeps counting on this instance while Redis does not answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const failures: unknown[] = [];
    const limiter = new RedisBuyerQueryLimiter(down, 'test:', (error) => failures.push(error));
    const tickets = [];
    for (let i = 0; i < BUYER_QUERY_MAX_FAILURES; i += 1) tickets.push(await limiter.reserve('c'));
    expect(tickets.every(Boolean)).toBe(true);
    expect(await limiter.reserve('c')).toBeNull();
    const first = tickets[0];
    if (first) await limiter.release(first);
    expect(await limiter.reserve('c')).not.toBeNull();
    expect(failures.length).toBeGreaterThan(0);
    down.disconnect();
  });
});
