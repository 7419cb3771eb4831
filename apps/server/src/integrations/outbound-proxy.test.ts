import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALIPAY_KEYS, APP_ID, APP_KEYS, FakeAlipay } from '../../test/fakes/alipay-fake';
import { aliyunSmsHandler } from '../../test/fakes/aliyun-fake';
import { FakeFaceid } from '../../test/fakes/faceid-fake';
import { startFakeServer, type FakeServer } from '../../test/fakes/fake-server';
import { startForwardProxy, type ForwardProxy } from '../../test/fakes/forward-proxy';
import { tencentSmsHandler } from '../../test/fakes/tencent-fake';
import { FakeWechat, MP_APP_ID, MP_APP_SECRET } from '../../test/fakes/wechat-fake';
import { loggedApp } from '../../test/logged-app';
import { ConfigError, loadConfig } from '../config/index';
import { createAlipayGateway } from './bank/alipay-gateway';
import {
  bypassesProxy,
  DIRECT,
  describeOutboundProxy,
  parseOutboundProxy,
  proxyFor,
  type OutboundProxy,
} from './outbound-proxy';
import { createTencentFaceidGateway } from './realname/tencent-faceid';
import { createAliyunSmsGateway } from './sms/aliyun-sms';
import { createTencentSmsGateway } from './sms/tencent-sms';
import { S3ObjectStorage } from './storage/s3-storage';
import { startTestS3, type TestS3 } from './storage/s3-test-server';
import { WechatMpApi } from './wechat/wechat-mp-api';

/*
 * Every outside service's calls through a forward proxy configured by HTTPS_PROXY / HTTP_PROXY
 * (docs/operations.md, "Endpoints and proxies"): a small proxy in this process stands between
 * the adapters and the providers' fakes and records which host:port each call asked for. The
 * fakes speak plain http on 127.0.0.1, so both variables point at the proxy here.
 */
const ALIYUN = { id: 'LTAI5tFakeKeyId0001', secret: 'fake-aliyun-secret-0123456789' };
const TENCENT = { id: 'AKIDfakeSecretId000000001', secret: 'fake-tencent-secret-0123456789' };
const FACEID = { id: 'AKIDfaceidFake000000000001', key: 'faceid-fake-secret-0123456789' };
const SDK_APP_ID = '1400000001';
const PROXY_USER = 'egress-user';
const PROXY_PASSWORD = 'Pr0xy-Pa55word-7391';

const wechat = new FakeWechat();
const alipay = new FakeAlipay();
const faceid = new FakeFaceid({ [FACEID.id]: FACEID.key }, '7');
let fakes: Record<'wechat' | 'aliyun' | 'tencent' | 'alipay' | 'faceid', FakeServer>;
let s3: TestS3;
let proxy: ForwardProxy;
let guarded: ForwardProxy;

beforeAll(async () => {
  fakes = {
    wechat: await startFakeServer(wechat.handle),
    aliyun: await startFakeServer(aliyunSmsHandler({ [ALIYUN.id]: ALIYUN.secret })),
    tencent: await startFakeServer(tencentSmsHandler({ [TENCENT.id]: TENCENT.secret }, SDK_APP_ID)),
    alipay: await startFakeServer(alipay.handle),
    faceid: await startFakeServer(faceid.handle),
  };
  s3 = await startTestS3();
  proxy = await startForwardProxy();
  guarded = await startForwardProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
}, 60_000);
afterAll(async () => {
  for (const fake of Object.values(fakes)) await fake.close();
  await s3.close();
  await proxy.close();
  await guarded.close();
});
beforeEach(() => {
  proxy.uses.length = 0;
  guarded.uses.length = 0;
});

const hostOf = (origin: string) => new URL(origin).host;

function outbound(env: Record<string, string>): OutboundProxy {
  const parsed = parseOutboundProxy(env);
  expect(parsed.problems).toEqual([]);
  return parsed.proxy;
}

/** One real call of each adapter, built with `route` as its outbound proxy. */
const calls = {
  wechat: (route: OutboundProxy) =>
    new WechatMpApi(
      { appId: MP_APP_ID, appSecret: MP_APP_SECRET, apiBase: fakes.wechat.origin },
      2_000,
      route,
    ).call('/cgi-bin/user/info?openid=oProxyUser0001&lang=zh_CN'),
  tencentSms: (route: OutboundProxy) =>
    createTencentSmsGateway(
      {
        provider: 'tencent',
        secretId: TENCENT.id,
        secretKey: TENCENT.secret,
        sdkAppId: SDK_APP_ID,
        region: 'ap-guangzhou',
        endpoint: fakes.tencent.origin,
        signName: '秦皇岛房产交易',
        template: '1234567',
        noticeTemplates: { LISTING_CONFIRM: '1234568' },
      },
      2_000,
      route,
    ).sendCode('13800000001', '482913', 'LOGIN'),
  faceid: (route: OutboundProxy) =>
    createTencentFaceidGateway(
      {
        provider: 'tencent',
        secretId: FACEID.id,
        secretKey: FACEID.key,
        ruleId: '7',
        endpoint: fakes.faceid.origin,
      },
      2_000,
      route,
    ).start({ token: 'proxyRealnameToken0001', returnUrl: 'https://fc.qhd.gov.cn/r' }),
  alipay: (route: OutboundProxy) =>
    createAlipayGateway(
      {
        provider: 'alipay',
        appId: APP_ID,
        privateKey: APP_KEYS.privateKey,
        alipayPublicKey: ALIPAY_KEYS.publicKey,
        sellerId: undefined,
        gateway: `${fakes.alipay.origin}/gateway.do`,
      },
      'https://fc.qhd.gov.cn',
      2_000,
      route,
    ).query('PROXYTRADE0001'),
  s3: async (route: OutboundProxy) => {
    const store = new S3ObjectStorage(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        publicBaseUrl: undefined,
      },
      undefined,
      route,
    );
    try {
      await store.put('private', 'proxy/check.txt', Buffer.from('经代理'), 'text/plain');
      const body = await store.get('private', 'proxy/check.txt');
      expect(body).not.toBeNull();
    } finally {
      await store.close();
    }
  },
};
type Provider = keyof typeof calls;
const targetOf = (provider: Provider) =>
  provider === 'wechat'
    ? fakes.wechat.origin
    : provider === 'tencentSms'
      ? fakes.tencent.origin
      : provider === 'faceid'
        ? fakes.faceid.origin
        : provider === 'alipay'
          ? fakes.alipay.origin
          : s3.endpoint;
const PROVIDERS = Object.keys(calls) as Provider[];

describe('calls to the providers through the forward proxy', () => {
  it.each(PROVIDERS)(
    '%s goes through the proxy when HTTPS_PROXY / HTTP_PROXY are set',
    async (provider) => {
      const route = outbound({ HTTPS_PROXY: proxy.origin, HTTP_PROXY: proxy.origin });
      await calls[provider](route);
      expect(proxy.uses.length).toBeGreaterThan(0);
      // Only the provider's own host was asked for (a tunnel or a forwarded request to it).
      expect(new Set(proxy.uses.map((use) => use.target))).toEqual(
        new Set([hostOf(targetOf(provider))]),
      );
    },
  );

  it.each(PROVIDERS)('%s connects directly when its host is in NO_PROXY', async (provider) => {
    const route = outbound({
      https_proxy: proxy.origin,
      http_proxy: proxy.origin,
      no_proxy: `example.org, ${hostOf(targetOf(provider))}`,
    });
    await calls[provider](route);
    expect(proxy.uses).toEqual([]);
  });

  it.each(PROVIDERS)('%s connects directly without the variables', async (provider) => {
    await calls[provider](outbound({}));
    await calls[provider](DIRECT);
    expect(proxy.uses).toEqual([]);
  });

  it('the Tencent Cloud SDK does not fall back to the lower-case http_proxy by itself', async () => {
    const before = process.env.http_proxy;
    process.env.http_proxy = proxy.origin;
    try {
      await calls.tencentSms(DIRECT);
      await calls.faceid(DIRECT);
    } finally {
      if (before === undefined) delete process.env.http_proxy;
      else process.env.http_proxy = before;
    }
    const asked = proxy.uses.map((use) => use.target);
    expect(asked).not.toContain(hostOf(fakes.tencent.origin));
    expect(asked).not.toContain(hostOf(fakes.faceid.origin));
  });

  it('Alibaba Cloud SMS connects directly: its SDK takes no proxy (a start-up warning says so)', async () => {
    const gateway = createAliyunSmsGateway(
      {
        provider: 'aliyun',
        accessKeyId: ALIYUN.id,
        accessKeySecret: ALIYUN.secret,
        endpoint: fakes.aliyun.origin,
        signName: '秦皇岛房产交易',
        template: 'SMS_000000001',
        noticeTemplates: { LISTING_CONFIRM: 'SMS_000000002' },
      },
      2_000,
    );
    const before = fakes.aliyun.requests.length;
    await gateway.sendCode('13800000001', '482913', 'LOGIN');
    expect(fakes.aliyun.requests.length).toBe(before + 1);
    expect(proxy.uses).toEqual([]);
    const config = loadConfig({
      NODE_ENV: 'test',
      HTTPS_PROXY: proxy.origin,
      SMS_PROVIDER: 'aliyun',
      SMS_ALIYUN_ACCESS_KEY_ID: ALIYUN.id,
      SMS_ALIYUN_ACCESS_KEY_SECRET: ALIYUN.secret,
      SMS_SIGN_NAME: '秦皇岛房产交易',
      SMS_TEMPLATE: 'SMS_000000001',
      SMS_TEMPLATE_LISTING_CONFIRM: 'SMS_000000002',
    });
    expect(config.warnings.join('\n')).toContain('阿里云短信 SDK 不经 HTTPS_PROXY');
  });
});

describe('the proxy settings', () => {
  it('are read from the environment in either spelling, lower case first', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HTTPS_PROXY: 'http://upper.example:3128',
      https_proxy: 'http://lower.example:3128',
      NO_PROXY: 'localhost,.internal.example',
    });
    expect(config.outboundProxy.https?.host).toBe('lower.example:3128');
    expect(config.outboundProxy.http).toBeUndefined();
    expect(proxyFor(config.outboundProxy, 'https://api.weixin.qq.com/cgi-bin/token')?.host).toBe(
      'lower.example:3128',
    );
    expect(proxyFor(config.outboundProxy, 'https://oss.internal.example/x')).toBeUndefined();
    expect(proxyFor(config.outboundProxy, 'http://api.weixin.qq.com/')).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).outboundProxy).toEqual(DIRECT);
  });

  it('match NO_PROXY entries as hosts, subdomains, ports and *', () => {
    const url = (text: string) => new URL(text);
    expect(bypassesProxy(['qq.com'], url('https://api.weixin.qq.com/'))).toBe(true);
    expect(bypassesProxy(['.qq.com'], url('https://qq.com/'))).toBe(true);
    expect(bypassesProxy(['*.qq.com'], url('https://api.weixin.qq.com/'))).toBe(true);
    expect(bypassesProxy(['weixin.qq.com'], url('https://notweixin.qq.com/'))).toBe(false);
    expect(bypassesProxy(['s3.example:9000'], url('http://s3.example:9000/'))).toBe(true);
    expect(bypassesProxy(['s3.example:9000'], url('https://s3.example/'))).toBe(false);
    expect(bypassesProxy(['s3.example:443'], url('https://s3.example/'))).toBe(true);
    expect(bypassesProxy(['*'], url('https://openapi.alipay.com/'))).toBe(true);
    expect(bypassesProxy([], url('https://openapi.alipay.com/'))).toBe(false);
  });

  it('refuse a bad proxy address naming the variable, never its value', () => {
    for (const value of [
      'egress.internal:3128',
      'socks5://egress.internal:1080',
      `http://${PROXY_USER}:${PROXY_PASSWORD}@egress.internal:3128/path`,
    ]) {
      let thrown: unknown;
      try {
        loadConfig({ NODE_ENV: 'test', HTTPS_PROXY: value });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      const message = (thrown as ConfigError).message;
      expect(message).toContain('HTTPS_PROXY');
      expect(message).not.toContain(PROXY_PASSWORD);
      expect(message).not.toContain('egress.internal');
    }
  });

  it('warn when only HTTP_PROXY is set, as every provider is reached over https', () => {
    const config = loadConfig({ NODE_ENV: 'test', HTTP_PROXY: 'http://proxy.example:3128' });
    expect(config.warnings.join('\n')).toContain('请设置 HTTPS_PROXY');
  });

  it('are summarised at start without the proxy credentials', () => {
    const route = outbound({
      HTTPS_PROXY: `http://${PROXY_USER}:${PROXY_PASSWORD}@proxy.example:3128`,
      NO_PROXY: 'localhost',
    });
    const summary = describeOutboundProxy(route);
    expect(summary).toBe('https 经 http://***@proxy.example:3128；http 直连；NO_PROXY localhost');
    expect(summary).not.toContain(PROXY_PASSWORD);
    expect(summary).not.toContain(PROXY_USER);
    expect(describeOutboundProxy(DIRECT)).toBe('直连（未设置 HTTPS_PROXY）');
  });
});

describe('a proxy that asks for credentials', () => {
  const routeWith = (password: string) =>
    outbound({
      HTTPS_PROXY: `http://${PROXY_USER}:${encodeURIComponent(password)}@${hostOf(guarded.origin)}`,
      HTTP_PROXY: `http://${PROXY_USER}:${encodeURIComponent(password)}@${hostOf(guarded.origin)}`,
    });

  it.each(PROVIDERS)('%s sends them to the proxy (Basic Proxy-Authorization)', async (provider) => {
    await calls[provider](routeWith(PROXY_PASSWORD));
    expect(guarded.uses.length).toBeGreaterThan(0);
    const expected = `Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64')}`;
    for (const use of guarded.uses) expect(use.authorization).toBe(expected);
  });

  it('never has them in a log line when the proxy refuses them', async () => {
    const wrong = `${PROXY_PASSWORD}-wrong`;
    const route = routeWith(wrong);
    const logged = await loggedApp((app) => {
      app.get<{ Params: { provider: Provider } }>('/call/:provider', async (request) => {
        await calls[request.params.provider](route);
        return { ok: true };
      });
    });
    try {
      for (const provider of PROVIDERS) {
        logged.clear();
        const reply = await logged.app.inject({ method: 'GET', url: `/call/${provider}` });
        expect(reply.statusCode, provider).toBe(503);
        const log = logged.log();
        expect(log, provider).toContain('"level":50');
        for (const secret of [wrong, encodeURIComponent(wrong), PROXY_USER]) {
          expect(log, provider).not.toContain(secret);
        }
        expect(log, provider).not.toContain(Buffer.from(`${PROXY_USER}:`).toString('base64'));
      }
    } finally {
      await logged.app.close();
    }
    expect(guarded.uses.length).toBeGreaterThanOrEqual(PROVIDERS.length);
  });
});

// Last: the hanging calls it leaves behind may still reach the proxy after it ends.
describe('a provider that hangs behind the proxy', () => {
  it('keeps the deadlines through the proxy: a hanging bucket or WeChat gives up in time', async () => {
    const route = outbound({ HTTPS_PROXY: proxy.origin, HTTP_PROXY: proxy.origin });
    const store = new S3ObjectStorage(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        publicBaseUrl: undefined,
      },
      { connectMs: 300, idleMs: 400, callMs: 600 },
      route,
    );
    const api = new WechatMpApi(
      { appId: MP_APP_ID, appSecret: MP_APP_SECRET, apiBase: fakes.wechat.origin },
      500,
      route,
    );
    s3.slow(3_000);
    wechat.userInfoDelayMs = 3_000;
    try {
      for (const hanging of [
        () => store.put('private', 'proxy/slow.txt', Buffer.from('慢'), 'text/plain'),
        () => api.call('/cgi-bin/user/info?openid=oProxyUser0002&lang=zh_CN'),
      ]) {
        const started = Date.now();
        const failure = await hanging().then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure).toMatchObject({ status: 503 });
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    } finally {
      s3.slow(0);
      wechat.userInfoDelayMs = 0;
      await store.close();
    }
    expect(proxy.uses.length).toBeGreaterThan(0);
  });
});
