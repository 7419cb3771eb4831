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

interface Qr {
  ticket: string;
  url: string;
  confirmUrl: string;
  /** The `name=value` of the browser's ticket cookie. */
  cookie: string;
}

async function newTicket(): Promise<Qr> {
  const response = await call(app, 'POST', '/api/auth/wechat/qr');
  expect(response.statusCode).toBe(200);
  const set = response.cookies.find((c) => c.name === 'portal_wechat_ticket');
  expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  return { ...response.json().data, cookie: `portal_wechat_ticket=${set?.value}` };
}

const poll = async (qr: Qr) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/auth/wechat/poll?ticket=${qr.ticket}`,
      headers: { cookie: qr.cookie },
    })
  ).json().data;

/** The browser's POST once the phone confirmed: the session (or the bind-phone step). */
const complete = (qr: Qr, extra: Record<string, unknown> = {}, headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/wechat/complete',
    payload: { ticket: qr.ticket, ...extra },
    headers: { cookie: qr.cookie, ...headers },
  });

const bindPhone = (qr: Qr, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/bind-phone',
    payload: { ticket: qr.ticket, ...payload },
    headers: { cookie: qr.cookie },
  });

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
    expect((await poll(qr)).status).toBe('pending');

    const page = await app.inject({ method: 'GET', url: `/dev/wechat/${qr.ticket}` });
    expect(page.body).toContain('模拟');
    expect((await poll(qr)).status).toBe('scanned');

    expect((await confirm(qr.ticket, 'o_sim_newuser1')).statusCode).toBe(200);
    expect(await poll(qr)).toEqual({
      status: 'confirmed',
      userInfo: null,
      tokenInfo: null,
      bindPhone: null,
    });
    const confirmed = (await complete(qr)).json().data;
    expect(confirmed).toMatchObject({ status: 'confirmed', bindPhone: 0, tokenInfo: null });
    expect(confirmed.userInfo.openid).toBe('o_sim_newuser1');

    const code = await sendCode(app, t.database.db, '13700000061', 'BIND_PHONE');
    const bound = await bindPhone(qr, { phone: '13700000061', code });
    expect(bound.statusCode).toBe(200);
    const token = bound.json().data.access_token as string;
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({ phoneNumber: '13700000061', openid: 'o_sim_newuser1' });

    const second = await newTicket();
    await confirm(second.ticket, 'o_sim_newuser1');
    const polled = await poll(second);
    expect(polled).toMatchObject({ status: 'confirmed', tokenInfo: null });
    const answer = await complete(second);
    const signedIn = answer.json().data;
    expect(signedIn.bindPhone).toBe(1);
    expect(signedIn.tokenInfo.access_token).toBeTruthy();
    expect(answer.cookies.some((c) => c.name === 'portal_session')).toBe(true);
    expect((await poll(second)).status).toBe('consumed');
    const again = await complete(second);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('二维码已使用，请刷新二维码');
  });

  it('answers a poll, completion or binding only in the browser that asked for the QR', async () => {
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_newuser1');
    const otherBrowser = await newTicket();
    for (const cookie of ['', otherBrowser.cookie]) {
      const polled = await app.inject({
        method: 'GET',
        url: `/api/auth/wechat/poll?ticket=${qr.ticket}`,
        headers: { cookie },
      });
      expect(polled.statusCode).toBe(403);
      expect(polled.json().message).toBe('请在显示二维码的浏览器中完成登录');
      const completed = await complete({ ...qr, cookie });
      expect(completed.statusCode).toBe(403);
      expect(completed.cookies).toHaveLength(0);
      const bound = await bindPhone({ ...qr, cookie }, { phone: '13700000063', code: '123456' });
      expect(bound.statusCode).toBe(403);
    }
    expect((await complete(qr)).json().data.tokenInfo.access_token).toBeTruthy();
  });

  it('opens the session only by a POST from the site itself, never by the poll', async () => {
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_newuser1');
    const polled = await app.inject({
      method: 'GET',
      url: `/api/auth/wechat/poll?ticket=${qr.ticket}`,
      headers: { cookie: qr.cookie },
    });
    expect(polled.json().data.tokenInfo).toBeNull();
    expect(polled.cookies).toHaveLength(0);
    const asGet = await app.inject({
      method: 'GET',
      url: `/api/auth/wechat/complete?ticket=${qr.ticket}`,
      headers: { cookie: qr.cookie },
    });
    expect(asGet.statusCode).toBe(404);
    const foreign = await complete(qr, {}, { origin: 'https://attacker.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('10419');
    expect(foreign.cookies).toHaveLength(0);
    const own = await complete(qr, {}, { origin: t.config.publicOrigin });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.tokenInfo.access_token).toBeTruthy();
  });

  it('refuses a confirmed ticket after its lifetime', async () => {
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_newuser1');
    await t.database.db
      .update(wechatTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(wechatTickets.ticket, qr.ticket));
    expect((await poll(qr)).status).toBe('expired');
    const late = await complete(qr);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('二维码已失效，请刷新二维码');
  });

  it('binding an existing phone account moves the WeChat identity onto it', async () => {
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_existing');
    const code = await sendCode(app, t.database.db, '13700000051', 'BIND_PHONE');
    const bound = await bindPhone(qr, { phone: '13700000051', code });
    const token = bound.json().data.access_token as string;
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({ phoneNumber: '13700000051', openid: 'o_sim_existing' });
  });

  it('records the agreement version ticked before the QR, on binding and on a later scan', async () => {
    const version = (await call(app, 'GET', '/api/legal/agreement')).json().data.version as number;
    const qr = await newTicket();
    await confirm(qr.ticket, 'o_sim_agreement');
    await complete(qr);
    const code = await sendCode(app, t.database.db, '13700000062', 'BIND_PHONE');
    const bound = await bindPhone(qr, { phone: '13700000062', code, agreementVersion: version });
    const token = bound.json().data.access_token as string;
    const status = await call(app, 'GET', '/api/legal/me/status', undefined, token);
    expect(status.json().data.agreement).toMatchObject({
      acceptedVersion: version,
      pending: false,
    });

    const again = await newTicket();
    await confirm(again.ticket, 'o_sim_agreement');
    const completed = await complete(again, { agreementVersion: version });
    expect(completed.json().data.tokenInfo.access_token).toBeTruthy();
    const tooNew = await newTicket();
    await confirm(tooNew.ticket, 'o_sim_agreement');
    const refused = await complete(tooNew, { agreementVersion: version + 50 });
    expect(refused.json().code).toBe('20011');
  });

  it('an expired QR cannot be confirmed and polls as expired', async () => {
    const qr = await newTicket();
    await t.database.db
      .update(wechatTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(wechatTickets.ticket, qr.ticket));
    expect((await poll(qr)).status).toBe('expired');
    const late = await confirm(qr.ticket, 'o_sim_late');
    expect(late.statusCode).toBe(409);
    const bind = await bindPhone(qr, { phone: '13700000071', code: '123456' });
    expect(bind.json().message).toBe('请重新扫码登录后再绑定');
  });
});
