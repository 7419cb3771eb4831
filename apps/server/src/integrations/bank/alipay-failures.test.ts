import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALIPAY_KEYS,
  APP_ID,
  APP_KEYS,
  FakeAlipay,
  SELLER_ID,
} from '../../../test/fakes/alipay-fake';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { closedOrigin, loggedApp, type LoggedApp } from '../../../test/logged-app';
import { createAlipayGateway } from './alipay-gateway';
import type { BankGateway } from './bank-gateway';

/*
 * Alipay's outages through the server's shipped logger and error handler: the citizen gets the
 * bank's 503 (60010 银行支付服务暂不可用), never a 500 nor the database's 503, and the log line
 * is Alipay's (provider and code), without the signed gateway URL, the signature or a key.
 */
const alipay = new FakeAlipay();
let server: FakeServer;
let logged: LoggedApp;
const gateways = new Map<string, BankGateway>();

function gatewayAt(origin: string, privateKey = APP_KEYS.privateKey): BankGateway {
  return createAlipayGateway(
    {
      provider: 'alipay',
      appId: APP_ID,
      privateKey,
      alipayPublicKey: ALIPAY_KEYS.publicKey,
      sellerId: SELLER_ID,
      gateway: `${origin}/gateway.do`,
    },
    'https://fc.qhd.gov.cn',
    400,
  );
}

beforeAll(async () => {
  server = await startFakeServer(alipay.handle);
  gateways.set('alipay', gatewayAt(server.origin));
  gateways.set('refused', gatewayAt(await closedOrigin()));
  // The merchant's key the gateway does not know: Alipay answers 40002 isv.invalid-signature.
  gateways.set('wrong-key', gatewayAt(server.origin, ALIPAY_KEYS.privateKey));
  // A trade the fake knows, so a working gateway would answer it.
  await fetch(
    new URL(
      (
        /action="([^"]+)"/.exec(
          await gateways.get('alipay')!.payForm({
            outTradeNo: 'PFAIL0001',
            orderNo: 'FAIL0001',
            subject: '订约金',
            amountFen: 100,
            notifyUrl: 'https://fc.qhd.gov.cn/api/pay/notify/alipay',
            returnPath: '/myOrders',
          }),
        )?.[1] ?? ''
      ).replaceAll('&amp;', '&'),
    ),
  );
  logged = await loggedApp((app) => {
    app.get<{ Params: { gateway: string } }>('/query/:gateway', async (request) =>
      gateways.get(request.params.gateway)!.query('PFAIL0001'),
    );
    app.get<{ Params: { gateway: string } }>('/refund/:gateway', async (request) =>
      gateways.get(request.params.gateway)!.refund({
        outTradeNo: 'PFAIL0001',
        refundNo: 'RFAIL0001',
        amountFen: 100,
      }),
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
  const lines = logged
    .log()
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Record<string, unknown>);
  const failure = lines.find((line) => line.msg === 'provider failure') as
    { level: number; provider: string; providerCode: string; err: { message: string } } | undefined;
  return { status: reply.statusCode, body: reply.json(), log: logged.log(), failure };
}

function expectBankUnavailable(body: unknown) {
  expect(body).toEqual({ code: '60010', message: '银行支付服务暂不可用，请稍后再试', data: null });
}

function expectClean(log: string) {
  expect(log).not.toMatch(/https?:\/\//);
  expect(log).not.toMatch(/sign=|"sign"|timestamp=|app_id=/);
  expect(log).not.toContain('PRIVATE KEY');
  expect(log).not.toContain(APP_KEYS.privateKey.split('\n')[1]!.slice(0, 40));
}

describe('an Alipay outage', () => {
  it('that does not answer in time: the bank 503, logged as Alipay Timeout', async () => {
    alipay.slow.add('PFAIL0001');
    const { status, body, failure, log } = await call('/query/alipay');
    alipay.slow.clear();
    expect(status).toBe(503);
    expectBankUnavailable(body);
    expect(failure).toMatchObject({ level: 50, provider: 'alipay', providerCode: 'Timeout' });
    expectClean(log);
  });

  it('refusing connections: the bank 503, not the database 503', async () => {
    const { status, body, failure, log } = await call('/query/refused');
    expect(status).toBe(503);
    expectBankUnavailable(body);
    expect(failure).toMatchObject({ provider: 'alipay', providerCode: 'ECONNREFUSED' });
    expect(log).not.toContain('database unavailable');
    expectClean(log);
  });

  it('answering a 5xx page: the bank 503, logged with the HTTP status', async () => {
    alipay.outage = { status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' };
    const { status, body, failure, log } = await call('/refund/alipay');
    alipay.outage = null;
    expect(status).toBe(503);
    expectBankUnavailable(body);
    expect(failure).toMatchObject({ provider: 'alipay', providerCode: 'HTTP502' });
    expectClean(log);
  });

  it('answering gateway code 20000: the bank 503, logged with the code and a hint', async () => {
    alipay.outage = alipay.gatewayError('alipay.trade.query', {
      code: '20000',
      msg: 'Service Currently Unavailable',
      sub_code: 'isp.unknow-error',
      sub_msg: '系统繁忙',
    });
    const { status, body, failure, log } = await call('/query/alipay');
    alipay.outage = null;
    expect(status).toBe(503);
    expectBankUnavailable(body);
    expect(failure?.providerCode).toBe('20000 isp.unknow-error');
    expect(failure?.err.message).toContain('支付宝网关服务不可用');
    expectClean(log);
  });

  it('refusing our signature (wrong key): the bank 503, the operator told to check the keys', async () => {
    const { status, body, failure, log } = await call('/query/wrong-key');
    expect(status).toBe(503);
    expectBankUnavailable(body);
    expect(failure?.providerCode).toBe('40002 isv.invalid-signature');
    expect(failure?.err.message).toContain('应用私钥');
    expectClean(log);
  });
});
