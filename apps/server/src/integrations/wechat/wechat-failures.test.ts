import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { FakeWechat, MP_APP_ID, MP_APP_SECRET } from '../../../test/fakes/wechat-fake';
import { closedOrigin, loggedApp, type LoggedApp } from '../../../test/logged-app';
import { WechatMpApi } from './wechat-mp-api';

/*
 * The WeChat server API's failures through the server's shipped logger and error handler: the
 * citizen gets 85010 (503, 微信扫码登录暂不可用) — never a 500 — and the log line keeps neither the
 * AppSecret, nor an access token, nor the scanner's openid.
 */
const wechat = new FakeWechat();
let server: FakeServer;
let logged: LoggedApp;
const OPENID = 'oPortalScanner0001';
const apis = new Map<string, WechatMpApi>();

beforeAll(async () => {
  server = await startFakeServer(wechat.handle);
  const at = (apiBase: string, appSecret = MP_APP_SECRET) =>
    new WechatMpApi({ appId: MP_APP_ID, appSecret, apiBase }, 400);
  apis.set('wechat', at(server.origin));
  apis.set('refused', at(await closedOrigin()));
  apis.set('wrong-secret', at(server.origin, 'ffffffffffffffffffffffffffffffff'));
  logged = await loggedApp((app) => {
    app.get<{ Params: { api: string } }>('/user/:api', async (request) =>
      apis.get(request.params.api)!.call(`/cgi-bin/user/info?openid=${OPENID}&lang=zh_CN`),
    );
    app.get<{ Params: { api: string } }>('/unknown/:api', async (request) =>
      apis.get(request.params.api)!.call(`/cgi-bin/not-granted?openid=${OPENID}`),
    );
  });
});
afterAll(async () => {
  await logged.app.close();
  await server.close();
});

async function call(url: string) {
  logged.clear();
  const reply = await logged.app.inject({ method: 'GET', url });
  return { status: reply.statusCode, body: reply.json(), log: logged.log() };
}

function expectWechatUnavailable(status: number, body: unknown) {
  expect(status).toBe(503);
  expect(body).toEqual({
    code: '85010',
    message: '微信扫码登录暂不可用，请使用手机号登录',
    data: null,
  });
}

function expectClean(log: string) {
  expect(log).not.toContain(MP_APP_SECRET);
  expect(log).not.toContain('ffffffffffffffffffffffffffffffff');
  expect(log).not.toMatch(/access_token=[^&"\s[]/);
  for (const token of wechat.issuedTokens) expect(log).not.toContain(token);
}

describe('a WeChat API failure', () => {
  it('that does not answer in time: 503 85010, nothing secret logged', async () => {
    wechat.slow = true;
    const { status, body, log } = await call('/user/wechat');
    wechat.slow = false;
    expectWechatUnavailable(status, body);
    expect(log).toContain('"level":');
    expectClean(log);
  });

  it('refusing connections: 503 85010, not the database 503', async () => {
    const { status, body, log } = await call('/user/refused');
    expectWechatUnavailable(status, body);
    expect(log).not.toContain('database unavailable');
    expectClean(log);
  });

  it('refusing the AppSecret (40125): 503 85010, the secret not logged', async () => {
    const { status, body, log } = await call('/user/wrong-secret');
    expectWechatUnavailable(status, body);
    expectClean(log);
  });

  it('answering an error code for a call: 503 85010, the openid and token not logged', async () => {
    const { status, body, log } = await call('/unknown/wechat');
    expectWechatUnavailable(status, body);
    expect(log).not.toContain(OPENID);
    expectClean(log);
  });
});
