import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  adminAuditLog,
  favourites,
  feedback,
  legalAcceptances,
  orders,
  payments,
  sessions,
  users,
} from '../../db/schema/index';
import {
  call,
  createUser,
  sendCode,
  signInOperator,
  TEST_PASSWORD,
} from '../auth/auth-test-helpers';
import { demoVerificationForm } from '../listings/listings-test-helpers';
import { freshBuyer, greenRoomIds, settleLiveOrders } from '../orders/orders-test-helpers';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  operator = await signInOperator(t.app, '13900000000', 'Admin@2026');
});
afterAll(async () => t.dispose());

type Standing = { currentVersion: number; acceptedVersion: number | null; pending: boolean };

async function status(token: string): Promise<{ agreement: Standing; privacy: Standing }> {
  const response = await call(t.app, 'GET', '/api/legal/me/status', undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function current(kind: 'agreement' | 'privacy'): Promise<number> {
  const response = await call(t.app, 'GET', `/api/legal/${kind}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.version as number;
}

async function publish(kind: 'agreement' | 'privacy', title: string): Promise<number> {
  const response = await call(
    t.app,
    'POST',
    `/api/admin/legal/${kind}/versions`,
    { title, body: `## 一、更新说明\n${title}：本版本对条款作了文字调整，请您阅读后再继续使用。` },
    operator,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.version as number;
}

async function signIn(phone: string, agreementVersion?: number): Promise<string> {
  const response = await call(t.app, 'POST', '/api/auth/login', {
    account: phone,
    password: TEST_PASSWORD,
    ...(agreementVersion === undefined ? {} : { agreementVersion }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.access_token as string;
}

describe('one versioned agreement', () => {
  it('serves the same current text to /agreement, the sign-in dialog and registration', async () => {
    const response = await call(t.app, 'GET', '/api/legal/agreement');
    expect(response.json().data).toMatchObject({
      kind: 'agreement',
      title: '房地产交易服务平台用户服务协议',
    });
    expect(response.json().data.body).toContain('## 一、协议的确认');
    const privacy = await call(t.app, 'GET', '/api/legal/privacy');
    expect(privacy.json().data.body).toContain('预售资金监管银行');
    const bad = await call(t.app, 'GET', '/api/legal/cookies');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('协议类型不正确');
  });

  it('records the version ticked at sign-in and registration, with the time', async () => {
    const version = await current('agreement');
    const userId = await createUser(t.database.db, '13700000301');
    const before = Date.now();
    const token = await signIn('13700000301', version);
    const [row] = await t.database.db
      .select()
      .from(legalAcceptances)
      .where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.kind, 'agreement')));
    expect(row?.version).toBe(version);
    expect(row?.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await status(token)).agreement).toMatchObject({
      acceptedVersion: version,
      pending: false,
    });

    const code = await sendCode(t.app, t.database.db, '13700000302', 'REGISTER');
    const registered = await call(t.app, 'POST', '/api/auth/register', {
      phone: '13700000302',
      code,
      password: TEST_PASSWORD,
      agreementVersion: version,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const newToken = registered.json().data.access_token as string;
    expect((await status(newToken)).agreement).toMatchObject({
      acceptedVersion: version,
      pending: false,
    });
  });

  it('refuses a version that was never published', async () => {
    await createUser(t.database.db, '13700000303');
    const response = await call(t.app, 'POST', '/api/auth/login', {
      account: '13700000303',
      password: TEST_PASSWORD,
      agreementVersion: 999,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('20011');
  });

  it('asks a signed-in user again after a new version, and records the new acceptance', async () => {
    await createUser(t.database.db, '13700000304');
    const token = await signIn('13700000304', await current('agreement'));
    const next = await publish('agreement', '房地产交易服务平台用户服务协议');
    expect(await current('agreement')).toBe(next);
    const pending = (await status(token)).agreement;
    expect(pending).toMatchObject({
      currentVersion: next,
      acceptedVersion: next - 1,
      pending: true,
    });

    const stale = await call(
      t.app,
      'POST',
      '/api/legal/me/acceptances',
      { kind: 'agreement', version: next - 1 },
      token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('20011');
    const accepted = await call(
      t.app,
      'POST',
      '/api/legal/me/acceptances',
      { kind: 'agreement', version: next },
      token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.agreement).toMatchObject({ acceptedVersion: next, pending: false });

    const versions = await call(
      t.app,
      'GET',
      '/api/admin/legal/agreement/versions',
      undefined,
      operator,
    );
    const list = versions.json().data as Array<{ version: number; acceptedCount: number }>;
    expect(list[0]).toMatchObject({ version: next, acceptedCount: 1 });
    expect(list.map((v) => v.version)).toEqual(
      [...list.map((v) => v.version)].sort((a, b) => b - a),
    );
  });

  it('lets only operators publish, and audits it', async () => {
    await createUser(t.database.db, '13700000305');
    const citizen = await signIn('13700000305');
    const refused = await call(
      t.app,
      'POST',
      '/api/admin/legal/privacy/versions',
      { title: '标题', body: '正文'.repeat(20) },
      citizen,
    );
    expect(refused.statusCode).toBe(403);
    const short = await call(
      t.app,
      'POST',
      '/api/admin/legal/privacy/versions',
      { title: '', body: '短' },
      operator,
    );
    expect(short.statusCode).toBe(400);
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'legal.publish'));
    expect(audits.length).toBeGreaterThan(0);
  });
});

describe('separate privacy consent', () => {
  it('refuses real-name verification, deposits and publishing without consent to the version in force', async () => {
    await createUser(t.database.db, '13700000311');
    const token = await signIn('13700000311');
    const qr = await call(t.app, 'POST', '/api/users/me/realname-qr', undefined, token);
    expect(qr.statusCode).toBe(403);
    expect(qr.json()).toMatchObject({
      code: '20010',
      message: '请先阅读并单独同意《个人信息保护政策》后再办理此项业务',
    });

    const privacy = await current('privacy');
    const consent = await call(
      t.app,
      'POST',
      '/api/legal/me/acceptances',
      { kind: 'privacy', version: privacy },
      token,
    );
    expect(consent.json().data.privacy).toMatchObject({ acceptedVersion: privacy, pending: false });
    const allowed = await call(t.app, 'POST', '/api/users/me/realname-qr', undefined, token);
    expect(allowed.statusCode, allowed.body).toBe(200);

    // A verified buyer whose consent predates a new privacy version is refused a deposit and a listing check.
    const buyer = await freshBuyer(t.database.db);
    const [room] = await greenRoomIds(t.database.db, 1);
    const next = await publish('privacy', '房地产交易服务平台个人信息保护政策');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { houseId: room, agreed: true },
    });
    expect(order.statusCode).toBe(403);
    expect(order.json().code).toBe('20010');
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/listings/verifications',
      headers: buyer.headers,
      payload: demoVerificationForm(),
    });
    expect(check.statusCode).toBe(403);
    expect(check.json().code).toBe('20010');
    const again = await call(t.app, 'GET', '/api/legal/me/status', undefined, token);
    expect(again.json().data.privacy).toMatchObject({
      currentVersion: next,
      acceptedVersion: privacy,
      pending: true,
    });
    expect(
      (await call(t.app, 'POST', '/api/users/me/realname-qr', undefined, token)).statusCode,
    ).toBe(403);

    await t.app.inject({
      method: 'POST',
      url: '/api/legal/me/acceptances',
      headers: buyer.headers,
      payload: { kind: 'privacy', version: next },
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { houseId: room, agreed: true },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await settleLiveOrders(t.database.db, buyer.id);
  });
});

describe('my data', () => {
  it("exports the caller's own records, identity decrypted, and no one else's", async () => {
    const buyer = await freshBuyer(t.database.db);
    const other = await freshBuyer(t.database.db);
    await t.database.db.insert(favourites).values([
      { userId: buyer.id, businessType: 'PROJECT', businessId: 1 },
      { userId: other.id, businessType: 'PROJECT', businessId: 2 },
    ]);
    await t.database.db.insert(feedback).values([
      {
        userId: buyer.id,
        realname: '测试购房人',
        phone: '17600000000',
        title: '我的反馈',
        content: '我的反馈内容',
      },
      {
        userId: other.id,
        realname: '别人',
        phone: '17600000009',
        title: '别人的反馈',
        content: '别人的反馈内容',
      },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: buyer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json().data;
    expect(data.profile).toMatchObject({ userId: buyer.id, realName: '测试购房人' });
    expect(data.profile.idCard).toMatch(/^130302\d{11}[\dX]$/);
    expect(data.favourites).toEqual([expect.objectContaining({ userId: buyer.id, businessId: 1 })]);
    expect(data.feedback.map((f: { title: string }) => f.title)).toEqual(['我的反馈']);
    expect(data.consents).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'privacy' })]),
    );
    const text = response.body;
    expect(text).not.toContain('别人的反馈');
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('identityHash');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(
      401,
    );
  });
});

describe('closing an account', () => {
  it('needs the password or an SMS code', async () => {
    await createUser(t.database.db, '13700000321');
    const token = await signIn('13700000321');
    const none = await call(t.app, 'POST', '/api/users/me/close', {}, token);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('请输入登录密码或短信验证码');
    const wrong = await call(
      t.app,
      'POST',
      '/api/users/me/close',
      { password: 'Wrong@2026' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('密码错误');
    const code = await sendCode(t.app, t.database.db, '13700000321', 'VALIDATE_PHONE');
    const closed = await call(t.app, 'POST', '/api/users/me/close', { code }, token);
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('is refused while a deposit order is under way', async () => {
    const buyer = await freshBuyer(t.database.db);
    const [, room] = await greenRoomIds(t.database.db, 2);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { houseId: room, agreed: true },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [row] = await t.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, buyer.id));
    const code = await sendCode(t.app, t.database.db, row?.phone ?? '', 'VALIDATE_PHONE');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/close',
      headers: buyer.headers,
      payload: { code },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('20012');
    await settleLiveOrders(t.database.db, buyer.id);
  });

  it('keeps de-identified orders, payments and the audit log, deletes the rest, signs out and frees the phone', async () => {
    const buyer = await freshBuyer(t.database.db);
    const userId = buyer.id;
    const [row] = await t.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, userId));
    const phone = row?.phone as string;
    const [, , room] = await greenRoomIds(t.database.db, 3);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { houseId: room, agreed: true },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    // The order is finished: paid and signed (网签), with its payment record.
    const [order] = await t.database.db
      .update(orders)
      .set({
        payStatus: 3,
        netSignNumber: 'WQ2026000001',
        netSignedAt: new Date('2026-03-08T03:00:00.000Z'),
      })
      .where(eq(orders.userId, userId))
      .returning({ id: orders.id, orderNo: orders.orderNo, lockMoney: orders.lockMoney });
    const orderId = order?.id as number;
    // The data export spells the contract number and its time as the API does (docs/glossary.md).
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: buyer.headers,
    });
    expect(exported.json().data.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        netsignnum: 'WQ2026000001',
        netsignTime: '2026-03-08T03:00:00.000Z',
      }),
    ]);
    expect(exported.body).not.toContain('netSignNumber');
    expect(exported.body).not.toContain('netSignedAt');
    await t.database.db
      .insert(payments)
      .values({ outTradeNo: `PAY-CLOSE-${orderId}`, orderId, amountFen: 2000000, status: 'paid' });
    await t.database.db
      .insert(favourites)
      .values({ userId, businessType: 'PROJECT', businessId: 1 });
    await t.database.db
      .insert(feedback)
      .values({ userId, realname: '测试购房人', phone, title: '反馈', content: '反馈内容' });

    const code = await sendCode(t.app, t.database.db, phone, 'VALIDATE_PHONE');
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/close',
      headers: buyer.headers,
      payload: { code },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(String(closed.headers['set-cookie'])).toContain('Max-Age=0');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.headers }))
        .statusCode,
    ).toBe(401);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, userId)),
    ).toHaveLength(0);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      phone: null,
      passwordHash: null,
      nickname: null,
      realName: null,
      idCard: null,
      identityHash: null,
      disabled: true,
    });
    expect(user?.closedAt).toBeInstanceOf(Date);
    expect(
      await t.database.db.select().from(favourites).where(eq(favourites.userId, userId)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(feedback).where(eq(feedback.userId, userId)),
    ).toHaveLength(0);

    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({
      orderNo: order?.orderNo,
      netSignNumber: 'WQ2026000001',
      lockMoney: order?.lockMoney,
      realName: '已注销用户',
      phone: `${phone.slice(0, 3)}********`,
      identityHash: null,
      realNameHash: null,
    });
    expect(kept?.idCard).toBe('130302************');
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'user.close'), eq(adminAuditLog.targetId, userId)));
    expect(audit).toHaveLength(1);

    const registerCode = await sendCode(t.app, t.database.db, phone, 'REGISTER');
    const again = await call(t.app, 'POST', '/api/auth/register', {
      phone,
      code: registerCode,
      password: TEST_PASSWORD,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
