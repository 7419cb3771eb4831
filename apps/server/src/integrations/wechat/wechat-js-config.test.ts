import { mkdirSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { FakeWechat, MP_APP_ID, MP_APP_SECRET, MP_TOKEN } from '../../../test/fakes/wechat-fake';
import { buildApp } from '../../app';
import { jsSdkSignature } from './wechat-js-sdk';
import { createWechatMpGateway } from './wechat-mp';
import { WechatMpApi } from './wechat-mp-api';

interface Answer<T = unknown> {
  code: string;
  message: string;
  data: T;
}
interface JsConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

const wechat = new FakeWechat();
let server: FakeServer;
/** The demo set-up: WeChat sign-in simulated, no Official Account, so no share card. */
let off: TestApp;
/** The same site with the Official Account configured (against the fake WeChat API). */
let on: FastifyInstance;

beforeAll(async () => {
  server = await startFakeServer(wechat.handle);
  off = await createTestApp();
  mkdirSync(off.config.webDist, { recursive: true });
  writeFileSync(`${off.config.webDist}/index.html`, '<!doctype html><div id="root"></div>');
  const settings = {
    provider: 'mp' as const,
    appId: MP_APP_ID,
    appSecret: MP_APP_SECRET,
    token: MP_TOKEN,
    apiBase: server.origin,
  };
  on = await buildApp({
    config: off.config,
    database: off.database,
    integrations: { wechat: createWechatMpGateway(settings, new WechatMpApi(settings, 500)) },
    logger: false,
  });
  await on.ready();
}, 60_000);
afterAll(async () => {
  await on.close();
  await off.dispose();
  await server.close();
});

function page(path: string): string {
  return `${new URL(off.config.publicOrigin).origin}${path}`;
}

async function jsConfig(app: FastifyInstance, url: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/wechat/js-config?${new URLSearchParams({ url }).toString()}`,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json<Answer>() };
}

function scriptSources(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}

describe('WeChat share card: JS-SDK configuration', () => {
  it('signs a page of the site with the ticket fetched from WeChat', async () => {
    const url = page('/houseHome?id=7');
    const { status, headers, body } = await jsConfig(on, `${url}#intro`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    const data = body.data as JsConfig;
    expect(data.appId).toBe(MP_APP_ID);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(wechat.tickets).toHaveLength(1);
    expect(data.signature).toBe(
      jsSdkSignature({
        ticket: wechat.tickets[0]!,
        nonceStr: data.nonceStr,
        timestamp: data.timestamp,
        url,
      }),
    );
  });

  it('fetches the ticket once and keeps it for the following pages', async () => {
    const before = wechat.tickets.length;
    const answers = await Promise.all(
      ['/', '/newHouse', '/detailscs?id=3', '/informationAndPolicyDetails?id=1'].map((path) =>
        jsConfig(on, page(path)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(wechat.tickets.length).toBe(before);
    const first = answers[0]!.body.data as JsConfig;
    expect(first.signature).toBe(
      jsSdkSignature({ ...first, ticket: wechat.tickets.at(-1)!, url: page('/') }),
    );
  });

  it('refuses addresses of other sites in Chinese, without asking WeChat', async () => {
    const before = wechat.tickets.length;
    for (const url of [
      'https://evil.example/',
      `${page('/')}`.replace('http://', 'https://'),
      `${new URL(off.config.publicOrigin).origin}@evil.example/`,
    ]) {
      const { status, body } = await jsConfig(on, url);
      expect([url, status, body.code]).toEqual([url, 400, '85013']);
      expect(body.message).toBe('页面地址不正确，只能为本站的页面设置微信分享');
    }
    const missing = await on.inject({ method: 'GET', url: '/api/wechat/js-config' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Answer>().message).toMatch(/[\u4e00-\u9fa5]/);
    expect(wechat.tickets.length).toBe(before);
  });

  it('answers 85014 in Chinese when WeChat refuses the ticket or is too slow, without asking again at once', async () => {
    const freshApp = () =>
      buildApp({
        config: off.config,
        database: off.database,
        integrations: {
          wechat: createWechatMpGateway(
            {
              provider: 'mp',
              appId: MP_APP_ID,
              appSecret: MP_APP_SECRET,
              token: MP_TOKEN,
              apiBase: server.origin,
            },
            new WechatMpApi(
              { appId: MP_APP_ID, appSecret: MP_APP_SECRET, apiBase: server.origin },
              500,
            ),
          ),
        },
        logger: false,
      });
    const refusing = await freshApp();
    const slowing = await freshApp();
    try {
      wechat.ticketError = { errcode: 45009, errmsg: 'reach max api daily quota limit' };
      const asked = wechat.ticketRequests;
      const refused = await jsConfig(refusing, page('/'));
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        code: '85014',
        message: '微信分享暂不可用，请稍后再试',
        data: null,
      });
      const again = await jsConfig(refusing, page('/'));
      expect([again.status, again.body.code]).toEqual([503, '85014']);
      expect(wechat.ticketRequests - asked, 'asked WeChat once, not once per request').toBe(1);
      wechat.ticketError = null;
      wechat.slow = true;
      const slow = await jsConfig(slowing, page('/'));
      wechat.slow = false;
      expect([slow.status, slow.body.code]).toEqual([503, '85014']);
    } finally {
      wechat.ticketError = null;
      wechat.slow = false;
      await refusing.close();
      await slowing.close();
    }
  });

  it('is switched off without an Official Account: 85012, and the pages are told so', async () => {
    const { status, body } = await jsConfig(off.app, page('/'));
    expect(status).toBe(404);
    expect(body).toEqual({ code: '85012', message: '本站未启用微信分享', data: null });
    const services = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/site/services' })).json<
        Answer<{ wechatShare: boolean }>
      >().data.wechatShare;
    expect(await services(off.app)).toBe(false);
    expect(await services(on)).toBe(true);
  });

  it('lets the pages load the SDK script only when the Official Account is configured', async () => {
    const plainApp = await buildApp({ config: off.config, database: off.database, logger: false });
    try {
      const plain = await plainApp.inject({ method: 'GET', url: '/home' });
      expect(plain.statusCode).toBe(200);
      expect(scriptSources(plain.headers['content-security-policy'])).toEqual(["'self'"]);
      const withSdk = await on.inject({ method: 'GET', url: '/home' });
      expect(scriptSources(withSdk.headers['content-security-policy'])).toEqual([
        "'self'",
        'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
        'https://res2.wx.qq.com/open/js/jweixin-1.6.0.js',
      ]);
      // Everything else of the policy is the same with and without the SDK.
      const rest = (csp: unknown) =>
        String(csp)
          .split('; ')
          .filter((part) => !part.startsWith('script-src'));
      expect(rest(withSdk.headers['content-security-policy'])).toEqual(
        rest(plain.headers['content-security-policy']),
      );
      const chat = await on.inject({ method: 'GET', url: '/chat' });
      expect(scriptSources(chat.headers['content-security-policy'])).toContain(
        'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
      );
    } finally {
      await plainApp.close();
    }
  });
});
