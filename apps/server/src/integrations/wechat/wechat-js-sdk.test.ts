import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { isSitePageUrl } from './wechat-js-config.routes';
import {
  jsSdkSignature,
  JsapiTicketStore,
  RETRY_AFTER_FAILURE_MS,
  newNonce,
  signedUrlOf,
  type TicketSharing,
} from './wechat-js-sdk';

/** A Redis stand-in shared by several stores, expiring keys on the test's clock. */
function sharedMap(clock: { now: number }): TicketSharing & { values: Map<string, string> } {
  const values = new Map<string, string>();
  const until = new Map<string, number>();
  return {
    values,
    async get(key) {
      if ((until.get(key) ?? 0) <= clock.now) values.delete(key);
      return values.get(key) ?? null;
    },
    async set(key, value, _mode, milliseconds) {
      values.set(key, value);
      until.set(key, clock.now + milliseconds);
      return 'OK';
    },
  };
}

function countingFetch(expiresIn = 7200) {
  const calls = { count: 0 };
  const fetchTicket = async () => {
    calls.count += 1;
    return { ticket: `ticket-${calls.count}`, expiresIn };
  };
  return { calls, fetchTicket };
}

describe('JS-SDK signature', () => {
  it("matches the example of WeChat's JS-SDK documentation", () => {
    expect(
      jsSdkSignature({
        ticket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the address without its #fragment', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    expect(signedUrlOf('https://fc.example/houseHome?id=3#top')).toBe(
      'https://fc.example/houseHome?id=3',
    );
    expect(jsSdkSignature({ ...base, url: 'https://fc.example/a?b=1#x' })).toBe(
      jsSdkSignature({ ...base, url: 'https://fc.example/a?b=1' }),
    );
  });

  it('makes 16-character nonces of letters and digits, different each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe('page addresses the site signs', () => {
  const origin = 'https://fc.qhd.example';
  it.each([
    'https://fc.qhd.example/',
    'https://fc.qhd.example/houseHome?id=12',
    'https://fc.qhd.example/newHouse?district=海港区#list',
  ])('accepts its own page %s', (url) => {
    expect(isSitePageUrl(url, origin)).toBe(true);
  });
  it.each([
    'https://evil.example/',
    'https://fc.qhd.example.evil.example/',
    'https://fc.qhd.example@evil.example/',
    'http://fc.qhd.example/',
    'https://fc.qhd.example:8443/',
    'javascript:alert(1)//https://fc.qhd.example/',
    ' https://fc.qhd.example/',
    '/houseHome?id=1',
  ])('refuses %s', (url) => {
    expect(isSitePageUrl(url, origin)).toBe(false);
  });
});

describe('JS-SDK ticket store', () => {
  it('fetches once and keeps the ticket until five minutes before it expires', async () => {
    const clock = { now: 1_000_000 };
    const { calls, fetchTicket } = countingFetch();
    const store = new JsapiTicketStore(fetchTicket, null, 'k', () => clock.now);
    expect(await store.ticket()).toBe('ticket-1');
    clock.now += (7200 - 301) * 1000;
    expect(await store.ticket()).toBe('ticket-1');
    expect(calls.count).toBe(1);
    clock.now += 2000;
    expect(await store.ticket()).toBe('ticket-2');
    expect(calls.count).toBe(2);
  });

  it('makes one fetch for requests arriving together', async () => {
    const { calls, fetchTicket } = countingFetch();
    const store = new JsapiTicketStore(fetchTicket, null, 'k');
    const tickets = await Promise.all([store.ticket(), store.ticket(), store.ticket()]);
    expect(tickets).toEqual(['ticket-1', 'ticket-1', 'ticket-1']);
    expect(calls.count).toBe(1);
  });

  it('shares the ticket between instances through Redis', async () => {
    const clock = { now: 5_000_000 };
    const redis = sharedMap(clock);
    const first = countingFetch();
    const second = countingFetch();
    const a = new JsapiTicketStore(first.fetchTicket, redis, 'portal:t', () => clock.now);
    const b = new JsapiTicketStore(second.fetchTicket, redis, 'portal:t', () => clock.now);
    expect(await a.ticket()).toBe('ticket-1');
    expect(await b.ticket()).toBe('ticket-1');
    expect(second.calls.count).toBe(0);
    expect(JSON.parse(redis.values.get('portal:t') ?? '{}')).toEqual({
      ticket: 'ticket-1',
      until: 5_000_000 + 6900 * 1000,
    });
    clock.now += 6901 * 1000;
    expect(await b.ticket()).toBe('ticket-1');
    expect(second.calls.count).toBe(1);
    expect(await a.ticket()).toBe('ticket-1');
    expect(first.calls.count).toBe(1);
  });

  it('keeps working in the process when Redis does not answer', async () => {
    const { calls, fetchTicket } = countingFetch();
    const down: TicketSharing = {
      get: () => Promise.reject(new Error('connection refused')),
      set: () => Promise.reject(new Error('connection refused')),
    };
    const store = new JsapiTicketStore(fetchTicket, down, 'k');
    expect(await store.ticket()).toBe('ticket-1');
    expect(await store.ticket()).toBe('ticket-1');
    expect(calls.count).toBe(1);
  });

  it('turns a failed fetch into 85014 and asks again only after a pause', async () => {
    let fail = true;
    let clock = 1_000_000;
    let fetches = 0;
    const store = new JsapiTicketStore(
      async () => {
        fetches += 1;
        if (fail) throw new AppError('WECHAT_UNAVAILABLE');
        return { ticket: 'later', expiresIn: 7200 };
      },
      null,
      'k',
      () => clock,
    );
    const error = await store.ticket().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: '85014',
      status: 503,
      message: '微信分享暂不可用，请稍后再试',
    });
    fail = false;
    clock += RETRY_AFTER_FAILURE_MS - 1;
    await expect(store.ticket()).rejects.toMatchObject({ code: '85014' });
    expect(fetches, 'no new fetch during the pause').toBe(1);
    clock += 1;
    expect(await store.ticket()).toBe('later');
    expect(fetches).toBe(2);
  });
});
