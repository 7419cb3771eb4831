import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { wechatTickets } from '../../db/schema/index';
import { call, createUser, sendCode } from './auth-test-helpers';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await createUser(t.database.db, '13700000051');
});
afterAll(() => t.dispose());

async function newTicket(): Promise<{ ticket: string; url: string; confirmUrl: string }> {
  const response = await call(app, 'POST', '/api/auth/wechat/qr');
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const poll = async (ticket: string) =>
  (await call(app, 'GET', `/api/auth/wechat/poll?ticket=${ticket}`)).json().data;

const confirm = (ticket: string, openid: string) =>
  app.inject({
    method: 'POST',
    url: `/dev/wechat/${ticket}`,
    payload: `openid=${openid}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('WeChat QR sign-in through the simulator', () => {
  it('a new WeChat user binds a phone, and is then signed in straight away', async () => {
    const qr = await newTicket();
    expect(qr.url).toMatch(/^data:image\/png;base64,/);
    expect(qr.confirmUrl).toContain(`/dev/wechat/${qr.ticket}`);
    expect((await poll(qr.ticket)).status).toBe('pending');

    const page = await app.inject({ method: 'GET', url: `/dev/wechat/${qr.ticket}` });
    expect(page.body).toContain('模拟');
    expect((await poll(qr.ticket)).status).toBe('scanned');

    expect((await confirm(qr.ticket, 'o_sim_newuser1')).statusCode).toBe(200);
    const confirmed = await poll(qr.ticket);
    expect(confirmed).toMatchObject({ status: 'confirmed', bindPhone: 0, tokenInfo: null });
    expect(confirmed.userInfo.openid).toBe('o_sim_newuser1');

    const code = await sendCode(app, t.database.db, '13700000061', 'BIND_PHONE');
    const bound = await call(app, 'POST', '/api/auth/bind-phone', {
      phone: '13700000061',
      code,
      ticket: qr.ticket,
    });
    expect(bound.statusCode).toBe(200);
    const token = bound.json().data.access_token as string;
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({ phoneNumber: '13700000061', openid: 'o_sim_newuser1' });

    const second = await newTicket();
    await confirm(second.ticket, 'o_sim_newuser1');
    const signedIn = await poll(second.ticket);
    expect(signedIn.bindPhone).toBe(1);
    expect(signedIn.tokenInfo.access_token).toBeTruthy();
    expect((await poll(second.ticket)).status).toBe('consumed');
  });

  it('binding an existing phone account moves the WeChat identity onto it', async () => {
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_existing');
    const code = await sendCode(app, t.database.db, '13700000051', 'BIND_PHONE');
    const bound = await call(app, 'POST', '/api/auth/bind-phone', {
      phone: '13700000051',
      code,
      ticket: qr.ticket,
    });
    const token = bound.json().data.access_token as string;
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({ phoneNumber: '13700000051', openid: 'o_sim_existing' });
  });

  it('records the agreement version ticked before the QR, on binding and on a later scan', async () => {
    const version = (await call(app, 'GET', '/api/legal/agreement')).json().data.version as number;
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_agreement');
    await poll(qr.ticket);
    const code = await sendCode(app, t.database.db, '13700000062', 'BIND_PHONE');
    const bound = await call(app, 'POST', '/api/auth/bind-phone', {
      phone: '13700000062',
      code,
      ticket: qr.ticket,
      agreementVersion: version,
    });
    const token = bound.json().data.access_token as string;
    const status = await call(app, 'GET', '/api/legal/me/status', undefined, token);
    expect(status.json().data.agreement).toMatchObject({
      acceptedVersion: version,
      pending: false,
    });

    const again = await newTicket();
    await confirm(again.ticket, 'o_sim_agreement');
    const polled = await call(
      app,
      'GET',
      `/api/auth/wechat/poll?ticket=${again.ticket}&agreementVersion=${version}`,
    );
    expect(polled.json().data.tokenInfo.access_token).toBeTruthy();
    const tooNew = await newTicket();
    await confirm(tooNew.ticket, 'o_sim_agreement');
    const refused = await call(
      app,
      'GET',
      `/api/auth/wechat/poll?ticket=${tooNew.ticket}&agreementVersion=${version + 50}`,
    );
    expect(refused.json().code).toBe('20011');
  });

  it('an expired QR cannot be confirmed and polls as expired', async () => {
    const qr = await newTicket();
    await t.database.db
      .update(wechatTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(wechatTickets.ticket, qr.ticket));
    expect((await poll(qr.ticket)).status).toBe('expired');
    const late = await confirm(qr.ticket, 'o_sim_late');
    expect(late.statusCode).toBe(409);
    const bind = await call(app, 'POST', '/api/auth/bind-phone', {
      phone: '13700000071',
      code: '123456',
      ticket: qr.ticket,
    });
    expect(bind.json().message).toBe('请重新扫码登录后再绑定');
  });
});
