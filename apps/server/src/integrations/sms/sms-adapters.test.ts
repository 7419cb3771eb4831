import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSmsHandler, SLOW_PHONE } from '../../../test/fakes/aliyun-fake';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { tencentSmsHandler } from '../../../test/fakes/tencent-fake';
import { AppError } from '../../lib/app-error';
import { createAliyunSmsGateway } from './aliyun-sms';
import type { SmsGateway } from './sms-gateway';
import { createTencentSmsGateway } from './tencent-sms';

const ALIYUN = { id: 'LTAI5tFakeKeyId0001', secret: 'fake-aliyun-secret-0123456789' };
const TENCENT = { id: 'AKIDfakeSecretId000000001', secret: 'fake-tencent-secret-0123456789' };
const SDK_APP_ID = '1400000001';

let aliyun: FakeServer;
let tencent: FakeServer;
beforeAll(async () => {
  aliyun = await startFakeServer(aliyunSmsHandler({ [ALIYUN.id]: ALIYUN.secret }));
  tencent = await startFakeServer(tencentSmsHandler({ [TENCENT.id]: TENCENT.secret }, SDK_APP_ID));
});
afterAll(async () => {
  await aliyun.close();
  await tencent.close();
});

function aliyunGateway(secret = ALIYUN.secret, timeoutMs = 1_000): SmsGateway {
  return createAliyunSmsGateway(
    {
      provider: 'aliyun',
      accessKeyId: ALIYUN.id,
      accessKeySecret: secret,
      endpoint: aliyun.origin,
      signName: '秦皇岛房产交易',
      template: 'SMS_000000001',
      noticeTemplates: { LISTING_CONFIRM: 'SMS_000000002' },
    },
    timeoutMs,
  );
}

function tencentGateway(secret = TENCENT.secret, timeoutMs = 1_000): SmsGateway {
  return createTencentSmsGateway(
    {
      provider: 'tencent',
      secretId: TENCENT.id,
      secretKey: secret,
      sdkAppId: SDK_APP_ID,
      region: 'ap-guangzhou',
      endpoint: tencent.origin,
      signName: '秦皇岛房产交易',
      template: '1234567',
      noticeTemplates: { LISTING_CONFIRM: '1234568' },
    },
    timeoutMs,
  );
}

/** The AppError a send ends with (code and Chinese message). */
async function failureOf(send: Promise<void>): Promise<AppError> {
  const error = await send.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each([
  [
    'Alibaba Cloud',
    () => aliyunGateway(),
    (secret: string) => aliyunGateway(secret),
    () => aliyunGateway(ALIYUN.secret, 300),
  ],
  [
    'Tencent Cloud',
    () => tencentGateway(),
    (secret: string) => tencentGateway(secret),
    () => tencentGateway(TENCENT.secret, 300),
  ],
])('%s SMS', (_name, gateway, withSecret, impatient) => {
  it('delivers the code through a signed request the provider accepts', async () => {
    await expect(gateway().sendCode('13912345678', '246810', 'LOGIN')).resolves.toBeUndefined();
  });

  it('delivers a notice through its own template', async () => {
    const notice = {
      template: 'LISTING_CONFIRM',
      params: { title: '海港区三室南北通透' },
    } as const;
    await expect(gateway().sendNotice('13912345679', notice)).resolves.toBeUndefined();
  });

  it('maps flow control, a refused number and an empty balance to Chinese messages', async () => {
    const busy = await failureOf(gateway().sendCode('13800000091', '111111', 'LOGIN'));
    expect(busy).toMatchObject({
      code: '85003',
      status: 429,
      message: '短信发送过于频繁，请稍后再试',
    });
    const refused = await failureOf(gateway().sendCode('13800000092', '111111', 'LOGIN'));
    expect(refused).toMatchObject({ code: '85002', status: 400 });
    expect(refused.message).toContain('无法接收短信');
    const broke = await failureOf(gateway().sendCode('13800000093', '111111', 'LOGIN'));
    expect(broke).toMatchObject({ code: '85001', status: 503 });
    expect(String((broke.cause as Error).message)).toMatch(/AMOUNT_NOT_ENOUGH|InsufficientBalance/);
  });

  it('is refused by the provider when our signature is wrong', async () => {
    const error = await failureOf(
      withSecret('a-wrong-secret-0000000000').sendCode('13912345678', '1', 'LOGIN'),
    );
    expect(error).toMatchObject({ status: 503 });
    expect(String((error.cause as Error).message)).toMatch(/Signature/);
  });

  it('gives up on a provider that does not answer in time', async () => {
    const started = Date.now();
    const error = await failureOf(impatient().sendCode(SLOW_PHONE, '111111', 'LOGIN'));
    expect(error).toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});

describe('what the providers received', () => {
  it('carries the configured signature name, template and the code as its only variable', () => {
    const sent = aliyun.requests.find(
      (r) => r.url.searchParams.get('PhoneNumbers') === '13912345678',
    );
    expect(sent?.url.searchParams.get('SignName')).toBe('秦皇岛房产交易');
    expect(sent?.url.searchParams.get('TemplateCode')).toBe('SMS_000000001');
    expect(JSON.parse(sent?.url.searchParams.get('TemplateParam') ?? '{}')).toEqual({
      code: '246810',
    });
    const body = JSON.parse(tencent.requests[0]?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      PhoneNumberSet: ['+8613912345678'],
      SignName: '秦皇岛房产交易',
      TemplateId: '1234567',
      TemplateParamSet: ['246810', '5'],
    });
  });

  it('sends a notice with its own template and the notice parameters', () => {
    const sent = aliyun.requests.find(
      (r) => r.url.searchParams.get('PhoneNumbers') === '13912345679',
    );
    expect(sent?.url.searchParams.get('TemplateCode')).toBe('SMS_000000002');
    expect(JSON.parse(sent?.url.searchParams.get('TemplateParam') ?? '{}')).toEqual({
      title: '海港区三室南北通透',
    });
    const body = tencent.requests
      .map((r) => JSON.parse(r.body || '{}') as Record<string, unknown>)
      .find((b) => (b.PhoneNumberSet as string[] | undefined)?.[0] === '+8613912345679');
    expect(body).toMatchObject({ TemplateId: '1234568', TemplateParamSet: ['海港区三室南北通透'] });
  });
});
