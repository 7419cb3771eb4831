import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeFaceid } from '../../../test/fakes/faceid-fake';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { closedOrigin, loggedApp, type LoggedApp } from '../../../test/logged-app';
import type { RealnameGateway } from './realname-gateway';
import { createTencentFaceidGateway } from './tencent-faceid';

/*
 * FaceID's failure paths through the server's shipped logger and error handler: 503
 * 实名认证服务暂不可用 for the citizen; for the operator a line naming FaceID and its code (a
 * hint for a wrong key or rule), never the request, its token, the return URL or the key.
 */
const SECRET = { id: 'AKIDfaceidFake000000000002', key: 'faceid-fake-secret-9876543210' };
const TOKEN = 'rq_0123456789abcdefABCDEF';
const faceid = new FakeFaceid({ [SECRET.id]: SECRET.key }, '7');
let server: FakeServer;
let logged: LoggedApp;
const gateways = new Map<string, RealnameGateway>();

function gatewayAt(endpoint: string, options: { key?: string; ruleId?: string } = {}) {
  return createTencentFaceidGateway(
    {
      provider: 'tencent',
      secretId: SECRET.id,
      secretKey: options.key ?? SECRET.key,
      ruleId: options.ruleId ?? '7',
      endpoint,
    },
    400,
  );
}

beforeAll(async () => {
  server = await startFakeServer(faceid.handle);
  gateways.set('faceid', gatewayAt(server.origin));
  gateways.set('refused', gatewayAt(await closedOrigin()));
  gateways.set('wrong-key', gatewayAt(server.origin, { key: 'a-wrong-secret-000000000' }));
  gateways.set('wrong-rule', gatewayAt(server.origin, { ruleId: '99' }));
  logged = await loggedApp((app) => {
    app.post<{ Params: { gateway: string } }>('/start/:gateway', async (request) =>
      gateways.get(request.params.gateway)!.start({
        token: TOKEN,
        returnUrl: `https://fc.qhd.gov.cn/api/realname/return/${TOKEN}`,
      }),
    );
  });
});
afterAll(async () => {
  await logged.app.close();
  await server.close();
});

async function start(gateway: string) {
  logged.clear();
  const reply = await logged.app.inject({ method: 'POST', url: `/start/${gateway}` });
  const failure = logged
    .log()
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((line) => line.msg === 'provider failure') as
    { level: number; provider: string; providerCode: string; err: { message: string } } | undefined;
  const log = logged.log();
  expect(reply.statusCode).toBe(503);
  expect(reply.json()).toEqual({
    code: '85020',
    message: '实名认证服务暂不可用，请稍后再试',
    data: null,
  });
  expect(log).not.toContain(TOKEN);
  expect(log).not.toContain(SECRET.key);
  expect(log).not.toMatch(/https?:\/\//);
  expect(failure).toMatchObject({ level: 50, provider: 'faceid' });
  return failure!;
}

describe('FaceID failures', () => {
  it('a provider that does not answer in time', async () => {
    faceid.slow = true;
    const failure = await start('faceid');
    faceid.slow = false;
    expect(failure.providerCode).toBe('Timeout');
  });

  it('a refused connection', async () => {
    expect((await start('refused')).providerCode).toBe('ECONNREFUSED');
  });

  it('a gateway error page (HTTP 502)', async () => {
    faceid.outage = { status: 502, contentType: 'text/html', body: '<html>502</html>' };
    const failure = await start('faceid');
    faceid.outage = null;
    expect(failure.providerCode).toMatch(/^(HTTP502|BadAnswer)$/);
  });

  it('a wrong key: the provider code and a hint to check the key', async () => {
    const failure = await start('wrong-key');
    expect(failure.providerCode).toBe('AuthFailure.SignatureFailure');
    expect(failure.err.message).toContain('访问密钥');
  });

  it('a rule that does not exist: the provider code and a hint to check RuleId', async () => {
    const failure = await start('wrong-rule');
    expect(failure.providerCode).toBe('InvalidParameterValue.RuleIdNotExist');
    expect(failure.err.message).toContain('RuleId');
  });
});
