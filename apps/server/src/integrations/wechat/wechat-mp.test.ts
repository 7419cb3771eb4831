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
  return {
    status: response.statusCode,
    body: response.json<{ code: string; data: Record<string, string> }>(),
  };
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
    const { body } = await newQr();
    const ticket = body.data.ticket as string;
    const reply = await callback(scanEventXml('oPortalUser0001', ticket, 'subscribe'));
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('您已确认登录');
    const poll = await t.app.inject({
      method: 'GET',
      url: `/api/auth/wechat/poll?ticket=${ticket}`,
    });
    expect(poll.json<{ data: { status: string; bindPhone: number } }>().data).toMatchObject({
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

  it('fetches a new access token when WeChat reports the old one invalid', async () => {
    const before = wechat.tokenRequests;
    wechat.revokeTokens();
    expect((await newQr()).status).toBe(200);
    expect(wechat.tokenRequests).toBe(before + 1);
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
