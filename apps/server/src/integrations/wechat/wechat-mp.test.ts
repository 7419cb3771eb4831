import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import {
  FakeWechat,
  MP_APP_ID,
  MP_APP_SECRET,
  MP_TOKEN,
  scanEventXml,
  signedCallbackQuery,
} from '../../../test/fakes/wechat-fake';
import { decodeQrPng } from '../../../test/qr-decode';
import { users } from '../../db/schema/index';
import { createWechatMpGateway } from './wechat-mp';
import { WechatMpApi } from './wechat-mp-api';
import { MemoryStore } from './wechat-shared-store';

const wechat = new FakeWechat();
let server: FakeServer;
let t: TestApp;

beforeAll(async () => {
  server = await startFakeServer(wechat.handle);
  const settings = {
    provider: 'mp' as const,
    appId: MP_APP_ID,
    appSecret: MP_APP_SECRET,
    token: MP_TOKEN,
    apiBase: server.origin,
  };
  t = await createTestApp({
    integrations: { wechat: createWechatMpGateway(settings, new WechatMpApi(settings, 500)) },
  });
}, 60_000);
afterAll(async () => {
  await t.dispose();
  await server.close();
});

async function newQr() {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/wechat/qr' });
  const cookie = response.cookies.find((c) => c.name === 'portal_wechat_ticket');
  return {
    status: response.statusCode,
    body: response.json<{ code: string; data: Record<string, string> }>(),
    cookie: `portal_wechat_ticket=${cookie?.value ?? ''}`,
  };
}

/** The ticket's status as the asking browser's poll sees it. */
async function statusOf(ticket: string, cookie: string): Promise<string> {
  const poll = await t.app.inject({
    method: 'GET',
    url: `/api/auth/wechat/poll?ticket=${ticket}`,
    headers: { cookie },
  });
  return poll.json<{ data: { status: string } }>().data.status;
}

/** Polls until the ticket leaves `scanned` (the scan is confirmed after the answer). */
async function settledStatus(ticket: string, cookie: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const status = await statusOf(ticket, cookie);
    if (status !== 'scanned') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 'scanned';
}

function callback(xml: string, query = signedCallbackQuery()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/wechat/callback?${query}`,
    headers: { 'content-type': 'text/xml' },
    payload: xml,
  });
}

describe('WeChat sign-in through the Official Account', () => {
  it("shows a scannable QR of the account's temporary parametric code for our ticket", async () => {
    const { status, body } = await newQr();
    expect(status).toBe(200);
    expect(body.data.simulated).toBe(false);
    expect(wechat.scenes.get(body.data.ticket as string)).toBe(body.data.confirmUrl);
    expect(decodeQrPng(body.data.url as string)).toBe(body.data.confirmUrl);
  });

  it("answers WeChat's URL check only with a valid signature", async () => {
    const good = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/callback?${signedCallbackQuery()}&echostr=hello123`,
    });
    expect(good.body).toBe('hello123');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/callback?${signedCallbackQuery(undefined, undefined, 'anotherToken')}&echostr=x`,
    });
    expect(bad.statusCode).toBe(403);
  });

  it('confirms the ticket for the scanning openid, binds the unionid and keeps the bind-phone step', async () => {
    const { body, cookie } = await newQr();
    const ticket = body.data.ticket as string;
    const reply = await callback(scanEventXml('oPortalUser0001', ticket, 'subscribe'));
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('您已确认登录');
    expect(await settledStatus(ticket, cookie)).toBe('confirmed');
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/wechat/complete',
      payload: { ticket },
      headers: { cookie },
    });
    expect(completed.json<{ data: { status: string; bindPhone: number } }>().data).toMatchObject({
      status: 'confirmed',
      bindPhone: 0,
    });
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.openid, 'oPortalUser0001'));
    expect(account?.unionid).toBe('union_oPortalUser0001');
    const phone = '13700000123';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms-codes',
      payload: { phone, purpose: 'BIND_PHONE' },
    });
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` });
    const code = outbox.json<{ data: { code: string }[] }>().data[0]?.code;
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { ticket, phone, code },
      headers: { cookie },
    });
    expect(bound.json<{ message: string }>().message).toBe('绑定成功');
    const [after] = await t.database.db.select().from(users).where(eq(users.phone, phone));
    expect(after).toMatchObject({ openid: 'oPortalUser0001', unionid: 'union_oPortalUser0001' });
  });

  it('refuses a callback with a bad signature, a stale time or a replayed nonce', async () => {
    const { body } = await newQr();
    const xml = scanEventXml('oPortalUser0002', body.data.ticket as string);
    const query = signedCallbackQuery();
    expect((await callback(xml, query)).statusCode).toBe(200);
    const replay = await callback(xml, query);
    expect(replay.statusCode).toBe(403);
    expect(replay.json<{ message: string }>().message).toBe('微信消息签名校验失败');
    const stale = signedCallbackQuery(String(Math.floor(Date.now() / 1000) - 3600));
    expect((await callback(xml, stale)).statusCode).toBe(403);
    const forged = `${signedCallbackQuery()}`.replace(
      /signature=[0-9a-f]+/,
      `signature=${'0'.repeat(40)}`,
    );
    expect((await callback(xml, forged)).statusCode).toBe(403);
  });

  it('acknowledges a message delivered again under a fresh signature without acting twice', async () => {
    const { body, cookie } = await newQr();
    const ticket = body.data.ticket as string;
    const xml = scanEventXml('oPortalUser0003', ticket);
    expect((await callback(xml)).body).toContain('您已确认登录');
    expect(await settledStatus(ticket, cookie)).toBe('confirmed');
    const again = await callback(xml);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('success');
    const old = scanEventXml('oPortalUser0003', ticket).replace(
      /<CreateTime>\d+<\/CreateTime>/,
      `<CreateTime>${Math.floor(Date.now() / 1000) - 3600}</CreateTime>`,
    );
    expect((await callback(old)).statusCode).toBe(403);
  });

  it('answers the scan at once while the user-info lookup is slow, and confirms after it', async () => {
    const { body, cookie } = await newQr();
    const ticket = body.data.ticket as string;
    const lookups = wechat.userInfoRequests;
    // Within this API's 500 ms deadline, so the lookup succeeds — after the answer.
    wechat.userInfoDelayMs = 450;
    try {
      const started = Date.now();
      const reply = await callback(scanEventXml('oPortalUser0004', ticket));
      expect(Date.now() - started).toBeLessThan(450);
      expect(reply.body).toContain('您已确认登录');
      expect(await statusOf(ticket, cookie)).toBe('scanned');
      expect(await settledStatus(ticket, cookie)).toBe('confirmed');
      expect(wechat.userInfoRequests).toBe(lookups + 1);
      const [account] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.openid, 'oPortalUser0004'));
      expect(account?.unionid).toBe('union_oPortalUser0004');
    } finally {
      wechat.userInfoDelayMs = 0;
    }
  });

  it('confirms by openid alone when the user-info lookup fails, after answering', async () => {
    const { body, cookie } = await newQr();
    const ticket = body.data.ticket as string;
    wechat.userInfoDelayMs = 2_000; // longer than this API's 500 ms deadline
    try {
      const reply = await callback(scanEventXml('oPortalUser0005', ticket));
      expect(reply.body).toContain('您已确认登录');
      expect(await settledStatus(ticket, cookie)).toBe('confirmed');
      const [account] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.openid, 'oPortalUser0005'));
      expect(account?.unionid).toBeNull();
    } finally {
      wechat.userInfoDelayMs = 0;
    }
  });

  it('fetches a new access token when WeChat reports the old one invalid', async () => {
    const before = wechat.tokenRequests;
    wechat.revokeTokens();
    expect((await newQr()).status).toBe(200);
    expect(wechat.tokenRequests).toBe(before + 1);
  });

  it('fetches the stable token once for two instances sharing one store', async () => {
    const store = new MemoryStore();
    const settings = { appId: MP_APP_ID, appSecret: MP_APP_SECRET, apiBase: server.origin };
    const first = new WechatMpApi(settings, 2_000);
    const second = new WechatMpApi(settings, 2_000);
    first.shareThrough(store);
    second.shareThrough(store);
    wechat.revokeTokens();
    const before = wechat.tokenRequests;
    const stableBefore = server.requests.filter((r) => r.url.pathname === '/cgi-bin/stable_token');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? first : second).call('/cgi-bin/user/info?openid=oPortalUser0006'),
      ),
    );
    expect(answers.every((a) => a.unionid === 'union_oPortalUser0006')).toBe(true);
    expect(wechat.tokenRequests).toBe(before + 1);
    const stableAfter = server.requests.filter((r) => r.url.pathname === '/cgi-bin/stable_token');
    expect(stableAfter.length - stableBefore.length).toBe(1);
    const request = JSON.parse(stableAfter.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(request).toMatchObject({
      grant_type: 'client_credential',
      appid: MP_APP_ID,
      force_refresh: false,
    });
  });

  it('tells the citizen to use the phone number when WeChat does not answer in time', async () => {
    wechat.slow = true;
    wechat.revokeTokens();
    const started = Date.now();
    const { status, body } = await newQr();
    wechat.slow = false;
    expect(status).toBe(503);
    expect(body.code).toBe('85010');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
