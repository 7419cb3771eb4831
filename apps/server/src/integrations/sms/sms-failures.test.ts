import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSmsHandler } from '../../../test/fakes/aliyun-fake';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { tencentSmsHandler } from '../../../test/fakes/tencent-fake';
import { closedOrigin, loggedApp, type LoggedApp } from '../../../test/logged-app';
import { createAliyunSmsGateway } from './aliyun-sms';
import type { SmsGateway } from './sms-gateway';
import { createTencentSmsGateway } from './tencent-sms';

/*
 * Each SMS adapter's failure paths through the server's shipped logger and error handler: the
 * citizen gets the right status and Chinese message, the operator's log line names the provider
 * and its code (with a hint for deployment errors), and no code, phone, URL or key is logged.
 */
const ALIYUN = { id: 'LTAI5tFakeKeyId0002', secret: 'fake-aliyun-secret-9876543210' };
const TENCENT = { id: 'AKIDfakeSecretId000000002', secret: 'fake-tencent-secret-9876543210' };
const SDK_APP_ID = '1400000002';
const CODE = '482915';

let aliyun: FakeServer;
let tencent: FakeServer;
let refused: string;
let logged: LoggedApp;
const gateways = new Map<string, SmsGateway>();

function aliyunGateway(endpoint: string): SmsGateway {
  return createAliyunSmsGateway(
    {
      provider: 'aliyun',
      accessKeyId: ALIYUN.id,
      accessKeySecret: ALIYUN.secret,
      endpoint,
      signName: '秦皇岛房产交易',
      template: 'SMS_000000001',
      noticeTemplates: { LISTING_CONFIRM: 'SMS_000000002' },
    },
    400,
  );
}

function tencentGateway(endpoint: string): SmsGateway {
  return createTencentSmsGateway(
    {
      provider: 'tencent',
      secretId: TENCENT.id,
      secretKey: TENCENT.secret,
      sdkAppId: SDK_APP_ID,
      region: 'ap-guangzhou',
      endpoint,
      signName: '秦皇岛房产交易',
      template: '1234567',
      noticeTemplates: { LISTING_CONFIRM: '1234568' },
    },
    400,
  );
}

beforeAll(async () => {
  aliyun = await startFakeServer(aliyunSmsHandler({ [ALIYUN.id]: ALIYUN.secret }));
  tencent = await startFakeServer(tencentSmsHandler({ [TENCENT.id]: TENCENT.secret }, SDK_APP_ID));
  refused = await closedOrigin();
  gateways.set('aliyun', aliyunGateway(aliyun.origin));
  gateways.set('aliyun-refused', aliyunGateway(refused));
  gateways.set('tencent', tencentGateway(tencent.origin));
  gateways.set('tencent-refused', tencentGateway(refused));
  logged = await loggedApp((app) => {
    app.post<{ Params: { gateway: string; phone: string } }>(
      '/send/:gateway/:phone',
      async (request) => {
        await gateways.get(request.params.gateway)!.sendCode(request.params.phone, CODE, 'LOGIN');
        return { ok: true };
      },
    );
  });
});
afterAll(async () => {
  await logged.app.close();
  await aliyun.close();
  await tencent.close();
});

/** Sends through the app; answers the reply and the log lines written for it. */
async function send(gateway: string, phone: string) {
  logged.clear();
  const reply = await logged.app.inject({ method: 'POST', url: `/send/${gateway}/${phone}` });
  return {
    status: reply.statusCode,
    body: reply.json<{ code: string; message: string }>(),
    log: logged.log(),
  };
}

/** Nothing secret in a log: the code, the phone (whole), a URL, the keys. */
function expectClean(log: string, phone: string) {
  expect(log).not.toContain(CODE);
  expect(log).not.toContain(phone);
  expect(log).not.toMatch(/https?:\/\//);
  expect(log).not.toContain('PhoneNumbers');
  expect(log).not.toContain('TemplateParam');
  for (const secret of [ALIYUN.secret, TENCENT.secret]) expect(log).not.toContain(secret);
}

/** The error-level line of the failure, parsed. */
function failureLine(log: string): { level: number; provider: string; err: { message: string } } {
  const line = log
    .split('\n')
    .filter(Boolean)
    .map(
      (text) =>
        JSON.parse(text) as {
          level: number;
          msg: string;
          provider: string;
          err: { message: string };
        },
    )
    .find((entry) => entry.msg === 'provider failure');
  expect(line, log).toBeDefined();
  return line!;
}

const UNAVAILABLE = '短信服务暂不可用，请稍后再试或使用账号密码登录';

describe.each([
  ['aliyun', '13800000095', 'isv.DENY_IP_RANGE', /中国内地IP/],
  ['aliyun', '13800000096', 'isv.SMS_SIGNATURE_ILLEGAL', /签名/],
  ['aliyun', '13800000097', 'isv.SMS_TEMPLATE_ILLEGAL', /模板/],
  ['tencent', '13800000095', 'UnauthorizedOperation.RequestIpNotInWhitelist', /IP白名单/],
  ['tencent', '13800000096', 'FailedOperation.SignatureIncorrectOrUnapproved', /签名/],
  ['tencent', '13800000097', 'FailedOperation.TemplateIncorrectOrUnapproved', /模板/],
])('%s deployment error for %s', (gateway, phone, providerCode, hint) => {
  it(`reaches the citizen as 503 and the operator as ${providerCode} with a hint`, async () => {
    const { status, body, log } = await send(gateway, phone);
    expect(status).toBe(503);
    expect(body).toEqual({ code: '85001', message: UNAVAILABLE, data: null });
    expect(body.message).not.toContain('号码');
    const line = failureLine(log);
    expect(line.level).toBe(50);
    expect(line.provider).toBe(gateway);
    expect(line.err.message).toContain(providerCode);
    expect(line.err.message).toContain('部署问题');
    expect(line.err.message).toMatch(hint);
    expectClean(log, phone);
  });
});

describe.each(['aliyun', 'tencent'])('%s outages and number errors', (gateway) => {
  it('a provider that does not answer in time: 503, logged as a timeout without the URL', async () => {
    const { status, body, log } = await send(gateway, '13800000094');
    expect(status).toBe(503);
    expect(body.message).toBe(UNAVAILABLE);
    expect(failureLine(log).err.message).toContain(`${gateway} Timeout`);
    expectClean(log, '13800000094');
  });

  it('a refused connection: 503, logged as ECONNREFUSED without the URL', async () => {
    const { status, body, log } = await send(`${gateway}-refused`, '13912345601');
    expect(status).toBe(503);
    expect(body.message).toBe(UNAVAILABLE);
    expect(failureLine(log).err.message).toContain(`${gateway} ECONNREFUSED`);
    expectClean(log, '13912345601');
  });

  it('a gateway error page (HTTP 502): 503, logged without the URL', async () => {
    const { status, body, log } = await send(gateway, '13800000098');
    expect(status).toBe(503);
    expect(body.message).toBe(UNAVAILABLE);
    expect(failureLine(log).err.message).toMatch(new RegExp(`${gateway} (HTTP502|BadAnswer)`));
    expectClean(log, '13800000098');
  });

  it('no balance: 503 with the provider code for the operator', async () => {
    const { status, log } = await send(gateway, '13800000093');
    expect(status).toBe(503);
    expect(failureLine(log).err.message).toMatch(/AMOUNT_NOT_ENOUGH|InsufficientBalance/);
    expectClean(log, '13800000093');
  });

  it('only a refused number says to check the number (400), and logs nothing secret', async () => {
    const { status, body, log } = await send(gateway, '13800000092');
    expect(status).toBe(400);
    expect(body.message).toBe('该手机号暂时无法接收短信，请确认号码正确');
    expectClean(log, '13800000092');
  });
});
