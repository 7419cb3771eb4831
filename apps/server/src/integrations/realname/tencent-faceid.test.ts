import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { FakeFaceid } from '../../../test/fakes/faceid-fake';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { decodeQrPng } from '../../../test/qr-decode';
import { realnameRequests, users } from '../../db/schema/index';
import { givePrivacyConsent } from '../../modules/legal/legal-test-helpers';
import { bearerFor } from '../../modules/news/test-helpers';
import { composeIdCard } from '../../seed/id-card';
import { createTencentFaceidGateway } from './tencent-faceid';

const SECRET = { id: 'AKIDfaceidFake000000000001', key: 'faceid-fake-secret-0123456789' };
const faceid = new FakeFaceid({ [SECRET.id]: SECRET.key }, '7');
let server: FakeServer;
let t: TestApp;
const ID_CARD = composeIdCard('130302', '19880808', 123);

beforeAll(async () => {
  server = await startFakeServer(faceid.handle);
  const gateway = createTencentFaceidGateway(
    {
      provider: 'tencent',
      secretId: SECRET.id,
      secretKey: SECRET.key,
      ruleId: '7',
      endpoint: server.origin,
    },
    500,
  );
  t = await createTestApp({ seedScale: 0.05, integrations: { realname: gateway } });
}, 120_000);
afterAll(async () => {
  await t.dispose();
  await server.close();
});

/** A fresh unverified citizen with a session, who gave the separate privacy consent. */
async function citizen(phone: string) {
  const [row] = await t.database.db
    .insert(users)
    .values({ phone, passwordHash: 'x' })
    .returning({ id: users.id });
  await givePrivacyConsent(t.database.db, row?.id as number);
  return bearerFor(t.database.db, phone);
}

/** Opens the dialog's QR, follows it like the phone would; answers the request token and BizToken. */
async function startVerification(headers: { authorization: string }) {
  const qr = await t.app.inject({ method: 'POST', url: '/api/users/me/realname-qr', headers });
  const data = qr.json<{ data: { url: string; confirmUrl: string; simulated: boolean } }>().data;
  expect(data.simulated).toBe(false);
  expect(decodeQrPng(data.url)).toBe(data.confirmUrl);
  const link = new URL(data.confirmUrl);
  expect(link.pathname).toMatch(/^\/api\/realname\/go\//);
  const go = await t.app.inject({ method: 'GET', url: link.pathname });
  expect(go.statusCode).toBe(302);
  const bizToken = new URL(String(go.headers.location)).searchParams.get('token') as string;
  return { token: link.pathname.split('/').pop() as string, bizToken };
}

async function isVerified(headers: { authorization: string }) {
  const status = await t.app.inject({ method: 'GET', url: '/api/auth/realname-status', headers });
  return status.json<{ data: boolean }>().data;
}

describe('real-name verification with Tencent Cloud FaceID', () => {
  it('trusts nothing from the browser: coming back before finishing verifies nobody', async () => {
    const headers = await citizen('13700000201');
    const { token } = await startVerification(headers);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/realname/return/${token}?ErrCode=0`,
    });
    expect(back.body).toContain('认证处理中');
    expect(await isVerified(headers)).toBe(false);
  });

  it('stores the identity the server fetched, encrypted, once the citizen passed', async () => {
    const headers = await citizen('13700000202');
    const { bizToken } = await startVerification(headers);
    const redirect = faceid.finish(bizToken, { name: '张三', idCard: ID_CARD });
    const back = await t.app.inject({ method: 'GET', url: new URL(redirect).pathname });
    expect(back.body).toContain('认证成功');
    expect(await isVerified(headers)).toBe(true);
    const [row] = await t.database.db
      .select({
        name: users.realName,
        idCard: users.idCard,
        hash: users.identityHash,
        raw: sql<string>`users.id_card`,
      })
      .from(users)
      .where(eq(users.phone, '13700000202'));
    expect(row).toMatchObject({ name: '张三', idCard: ID_CARD });
    expect(row?.raw.startsWith('enc1:')).toBe(true);
    expect(row?.raw).not.toContain(ID_CARD);
    expect(row?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets one identity verify only one account', async () => {
    const headers = await citizen('13700000203');
    const { bizToken } = await startVerification(headers);
    faceid.finish(bizToken, { name: '张三', idCard: ID_CARD });
    expect(await isVerified(headers)).toBe(false);
    const [request] = await t.database.db
      .select()
      .from(realnameRequests)
      .where(eq(realnameRequests.providerToken, bizToken));
    expect(request).toMatchObject({ status: 'failed', failReason: '该身份已认证其他账号' });
  });

  it('fetches the result on the status poll when the phone never came back, and records a failure', async () => {
    const headers = await citizen('13700000204');
    const { bizToken } = await startVerification(headers);
    faceid.finish(bizToken, 'failed');
    expect(await isVerified(headers)).toBe(false);
    const later = await startVerification(headers);
    faceid.finish(later.bizToken, {
      name: '李四',
      idCard: composeIdCard('130303', '19900101', 456),
    });
    expect(await isVerified(headers)).toBe(true);
  });

  it('answers 503 when FaceID does not answer in time or refuses our signature', async () => {
    const headers = await citizen('13700000205');
    faceid.slow = true;
    const slow = await t.app.inject({ method: 'POST', url: '/api/users/me/realname-qr', headers });
    faceid.slow = false;
    expect(slow.statusCode).toBe(503);
    expect(slow.json<{ message: string }>().message).toBe('实名认证服务暂不可用，请稍后再试');
    const forged = createTencentFaceidGateway(
      {
        provider: 'tencent',
        secretId: SECRET.id,
        secretKey: 'wrong-secret-000000',
        ruleId: '7',
        endpoint: server.origin,
      },
      500,
    );
    await expect(
      forged.start({ token: 'x', returnUrl: 'http://localhost/r' }),
    ).rejects.toMatchObject({ status: 503 });
  });
});
