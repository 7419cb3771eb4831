import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fakes/fake-server';
import {
  FakeWechat,
  MP_APP_ID,
  MP_APP_SECRET,
  MP_TOKEN,
  scanEventXml,
  signedCallbackQuery,
} from '../fakes/wechat-fake';
import {
  createSharedDatabase,
  type Instance,
  REDIS_URL,
  type SharedDatabase,
  startInstance,
} from './instances';

/**
 * WeChat sign-in through the Official Account on two server processes sharing one PostgreSQL
 * and one Redis (docs/security.md, "WeChat sign-in"): a callback accepted by one instance is
 * refused by the other, a ticket serves only the browser that asked for it, once and within its
 * lifetime, and the instances fetch one access token between them.
 */
const wechat = new FakeWechat();
let server: FakeServer;
let database: SharedDatabase;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  server = await startFakeServer(wechat.handle);
  database = await createSharedDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `wechat${randomBytes(4).toString('hex')}:`,
    SEED_SCALE: '0.05',
    WECHAT_PROVIDER: 'mp',
    WECHAT_MP_APP_ID: MP_APP_ID,
    WECHAT_MP_APP_SECRET: MP_APP_SECRET,
    WECHAT_MP_TOKEN: MP_TOKEN,
    WECHAT_API_BASE: server.origin,
  };
  a = await startInstance(env);
  b = await startInstance(env);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await server?.close();
});

interface Qr {
  ticket: string;
  /** `name=value` of the asking browser's ticket cookie. */
  cookie: string;
}

/** A browser asks `instance` for a QR: the ticket and the cookie the browser keeps. */
async function newQr(instance: Instance): Promise<Qr> {
  const res = await fetch(`${instance.origin}/api/auth/wechat/qr`, { method: 'POST' });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_wechat_ticket='));
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  const body = (await res.json()) as { data: { ticket: string } };
  return { ticket: body.data.ticket, cookie: (cookie ?? '').split(';')[0] ?? '' };
}

function callback(instance: Instance, xml: string, query = signedCallbackQuery()) {
  return fetch(`${instance.origin}/api/wechat/callback?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: xml,
  });
}

async function poll(instance: Instance, ticket: string, cookie = '') {
  const res = await fetch(`${instance.origin}/api/auth/wechat/poll?ticket=${ticket}`, {
    headers: cookie ? { cookie } : {},
  });
  const body = (await res.json()) as { data: { status: string; tokenInfo: unknown } };
  return { status: res.status, body, setCookies: res.headers.getSetCookie() };
}

/** Polls (as the asking browser) until the scan is confirmed or the ticket is closed. */
async function settled(instance: Instance, qr: Qr): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const { body } = await poll(instance, qr.ticket, qr.cookie);
    if (body.data.status !== 'scanned' && body.data.status !== 'pending') return body.data.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'pending';
}

async function complete(instance: Instance, ticket: string, cookie = '') {
  const res = await fetch(`${instance.origin}/api/auth/wechat/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ ticket }),
  });
  const body = (await res.json()) as {
    message: string;
    data: { tokenInfo: { access_token: string } | null; bindPhone: number | null } | null;
  };
  const session = res.headers.getSetCookie().some((c) => c.startsWith('portal_session='));
  return { status: res.status, body, session };
}

/** An account with a phone that WeChat user `openid` signs in to. */
async function accountWithWechat(phone: string, openid: string): Promise<void> {
  await database.query('INSERT INTO users (phone, openid) VALUES ($1, $2)', [phone, openid]);
}

describe('WeChat sign-in across two instances', () => {
  it('fetches one stable access token for both instances', async () => {
    expect(wechat.tokenRequests).toBe(0);
    const qrs = await Promise.all(Array.from({ length: 6 }, (_, i) => newQr(i % 2 ? a : b)));
    expect(qrs.every((qr) => wechat.scenes.has(qr.ticket))).toBe(true);
    expect(wechat.tokenRequests).toBe(1);
    const fetched = server.requests.filter((r) => r.url.pathname.startsWith('/cgi-bin/'));
    expect(fetched.filter((r) => r.url.pathname === '/cgi-bin/stable_token')).toHaveLength(1);
    expect(fetched.filter((r) => r.url.pathname === '/cgi-bin/token')).toHaveLength(0);
  });

  it('refuses on the other instance a callback the first one accepted', async () => {
    const qr = await newQr(a);
    const xml = scanEventXml('oScaleOut0001', qr.ticket);
    const query = signedCallbackQuery();
    const first = await callback(a, xml, query);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('您已确认登录');
    const replayed = await callback(b, xml, query);
    expect(replayed.status).toBe(403);
    // The same message under a fresh signature (WeChat's own retry) changes nothing either.
    const again = await callback(b, xml);
    expect(await again.text()).toBe('success');
    expect(await settled(b, qr)).toBe('confirmed');
  });

  it('gives no session to a browser without the ticket cookie, on either instance', async () => {
    await accountWithWechat('13700004401', 'oScaleOut0002');
    const qr = await newQr(a);
    await callback(a, scanEventXml('oScaleOut0002', qr.ticket));
    expect(await settled(a, qr)).toBe('confirmed');
    const other = await newQr(b);
    for (const instance of [a, b]) {
      for (const cookie of ['', other.cookie]) {
        const polled = await poll(instance, qr.ticket, cookie);
        expect(polled.status).toBe(403);
        expect(polled.setCookies.some((c) => c.startsWith('portal_session='))).toBe(false);
        const completed = await complete(instance, qr.ticket, cookie);
        expect(completed.status).toBe(403);
        expect(completed.body.message).toBe('请在显示二维码的浏览器中完成登录');
        expect(completed.session).toBe(false);
      }
    }
    const polled = await poll(b, qr.ticket, qr.cookie);
    expect(polled.body.data).toMatchObject({ status: 'confirmed', tokenInfo: null });
    expect(polled.setCookies).toHaveLength(0);
    const signedIn = await complete(b, qr.ticket, qr.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.session).toBe(true);
    expect(signedIn.body.data?.tokenInfo?.access_token).toBeTruthy();
  });

  it('opens one session for a ticket completed twice at once on both instances', async () => {
    await accountWithWechat('13700004402', 'oScaleOut0003');
    const qr = await newQr(b);
    await callback(b, scanEventXml('oScaleOut0003', qr.ticket));
    expect(await settled(a, qr)).toBe('confirmed');
    const answers = await Promise.all([
      complete(a, qr.ticket, qr.cookie),
      complete(b, qr.ticket, qr.cookie),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.filter((r) => r.session)).toHaveLength(1);
    const late = await complete(a, qr.ticket, qr.cookie);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('二维码已使用，请刷新二维码');
  });

  it('refuses a confirmed ticket past its lifetime', async () => {
    await accountWithWechat('13700004403', 'oScaleOut0004');
    const qr = await newQr(a);
    await callback(b, scanEventXml('oScaleOut0004', qr.ticket));
    expect(await settled(b, qr)).toBe('confirmed');
    await database.query(
      `UPDATE wechat_tickets SET expires_at = now() - interval '1 second' WHERE ticket = $1`,
      [qr.ticket],
    );
    expect((await poll(a, qr.ticket, qr.cookie)).body.data.status).toBe('expired');
    const late = await complete(b, qr.ticket, qr.cookie);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('二维码已失效，请刷新二维码');
    expect(late.session).toBe(false);
  });
});
