import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  CSRF_COOKIE,
  csrfTokenOf,
  REMEMBERED_SESSION_MS,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
} from '../access/index';
import { TestSocket } from '../chat/chat-test-client';
import { createUser, TEST_PASSWORD } from './auth-test-helpers';
import { hashToken } from './session.service';

let t: TestApp;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  origin = new URL(t.config.publicOrigin).origin;
  for (const phone of ['13720000001', '13720000002', '13720000003', '13720000004']) {
    await createUser(t.database.db, phone);
  }
});
afterAll(() => t.dispose());

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

/** Signs in with the password; answers the session token and the CSRF token of its cookies. */
async function signIn(phone: string, remember = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account: phone, password: TEST_PASSWORD, type: 'phone', remember },
  });
  expect(response.statusCode).toBe(200);
  const session = cookieOf(response, SESSION_COOKIE);
  const csrf = cookieOf(response, CSRF_COOKIE);
  if (!session || !csrf) throw new Error(`no session cookies: ${JSON.stringify(response.cookies)}`);
  return { response, token: session.value, csrf: csrf.value, session, csrfCookie: csrf };
}

const withCookie = (token: string, headers: Record<string, string> = {}) => ({
  cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfTokenOf(token)}`,
  ...headers,
});

describe('the session cookie', () => {
  it('is set by sign-in as HttpOnly, SameSite=Lax, Path=/ (not Secure on a local http origin)', async () => {
    const { response, token, csrf, session, csrfCookie } = await signIn('13720000001');
    // The body still carries the token for API clients; the cookie holds the very same one.
    expect(response.json().data.access_token).toBe(token);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    expect(session.maxAge).toBeUndefined();
    // The CSRF cookie is readable by the page, and is the session's digest, not the token; it
    // lives as long as the idle session may.
    expect(csrfCookie).toMatchObject({
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_IDLE_MS / 1000,
    });
    expect(csrfCookie.httpOnly).toBeFalsy();
    expect(csrf).toBe(csrfTokenOf(token));
    expect(csrf).not.toContain(token);
  });

  it('lasts the remembered lifetime when 记住密码 was ticked', async () => {
    const { session, csrfCookie } = await signIn('13720000001', true);
    expect(session.maxAge).toBe(REMEMBERED_SESSION_MS / 1000);
    expect(csrfCookie.maxAge).toBe(REMEMBERED_SESSION_MS / 1000);
  });

  it('renews the CSRF cookie when a call moves the idle session on, so both end together', async () => {
    const { token } = await signIn('13720000003');
    const quiet = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: withCookie(token),
    });
    expect(quiet.statusCode).toBe(200);
    // Within a minute of the last use the expiry is not moved, and no cookie is sent again.
    expect(cookieOf(quiet, CSRF_COOKIE)).toBeUndefined();

    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '30 minutes'
          where token_hash = ${hashToken(token)}`,
    );
    const later = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: withCookie(token),
    });
    expect(later.statusCode).toBe(200);
    expect(cookieOf(later, CSRF_COOKIE)).toMatchObject({
      value: csrfTokenOf(token),
      maxAge: SESSION_IDLE_MS / 1000,
    });
    expect(cookieOf(later, CSRF_COOKIE)?.httpOnly).toBeFalsy();
    // The HttpOnly session cookie itself stays a browser-session cookie.
    expect(cookieOf(later, SESSION_COOKIE)).toBeUndefined();
  });

  it('is set by SMS sign-in too', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/sms-codes',
      payload: { phone: '13720000004', purpose: 'LOGIN' },
    });
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/sms?phone=13720000004' });
    const code = (outbox.json().data as Array<{ code: string }>)[0]?.code;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sms-login',
      payload: { phone: '13720000004', code },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response, SESSION_COOKIE)?.value).toBe(response.json().data.access_token);
    expect(cookieOf(response, SESSION_COOKIE)?.httpOnly).toBe(true);
  });

  it('signs reads in without any header', async () => {
    const { token } = await signIn('13720000001');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.phoneNumber).toBe('13720000001');
  });

  it('lets a state change through with the CSRF token and the site’s own Origin', async () => {
    const { token } = await signIn('13720000001');
    const csrf = csrfTokenOf(token);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: withCookie(token, { 'x-csrf-token': csrf, origin }),
      payload: { nickName: '海边的房子', gender: 1 },
    });
    expect(saved.statusCode).toBe(200);
    const noOrigin = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: withCookie(token, { 'x-csrf-token': csrf }),
      payload: { nickName: '山边的房子', gender: 1 },
    });
    expect(noOrigin.statusCode).toBe(200);
  });

  it('refuses a state change without the CSRF token with 403 and a Chinese message', async () => {
    const { token } = await signIn('13720000001');
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: withCookie(token, { origin }),
      payload: { nickName: '伪造的昵称', gender: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: '10419',
      message: '请求来源校验失败，请刷新页面后重试',
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: withCookie(token, { 'x-csrf-token': csrfTokenOf('some-other-session-token-000') }),
    });
    expect(wrong.statusCode).toBe(403);
    // Nothing changed: the session is still open.
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(token) });
    expect(me.json().data.nickName).not.toBe('伪造的昵称');
  });

  it('refuses a state change from a foreign Origin even with the CSRF token', async () => {
    const { token } = await signIn('13720000001');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: withCookie(token, {
        'x-csrf-token': csrfTokenOf(token),
        origin: 'https://evil.example.com',
      }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('10419');
  });

  it('leaves the bearer header working without a CSRF token (API clients)', async () => {
    const { token } = await signIn('13720000002');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { nickName: '接口客户端', gender: 1 },
    });
    expect(saved.statusCode).toBe(200);
  });

  it('leaves calls that need no session alone when a cookie comes without the CSRF token', async () => {
    const { token } = await signIn('13720000002');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: withCookie(token, { origin: 'https://evil.example.com' }),
      payload: { account: '13720000002', password: 'Wrong@2026', type: 'phone' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('20001');
  });

  it('is cleared by sign-out, which also ends the session', async () => {
    const { token } = await signIn('13720000003');
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: withCookie(token, { 'x-csrf-token': csrfTokenOf(token), origin }),
    });
    expect(out.statusCode).toBe(200);
    for (const name of [SESSION_COOKIE, CSRF_COOKIE]) {
      const cleared = cookieOf(out, name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('90001');
    // A cookie the server no longer knows is removed as well.
    expect(cookieOf(me, SESSION_COOKIE)?.value).toBe('');
  });

  it('keeps the cookie when a bearer header beside it is refused', async () => {
    const { token } = await signIn('13720000002');
    const refused = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: withCookie(token, { authorization: 'Bearer revoked-or-unknown-token-0000000' }),
    });
    expect(refused.statusCode).toBe(401);
    expect(cookieOf(refused, SESSION_COOKIE)).toBeUndefined();
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(token) });
    expect(me.statusCode).toBe(200);
  });

  it('signs the 房聊 socket in from the handshake cookie', async () => {
    const { token } = await signIn('13720000003');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/chat/ws`;
    const socket = await TestSocket.open(url, origin, { cookie: `${SESSION_COOKIE}=${token}` });
    socket.send({ type: 'auth', mode: 'badge' });
    const ready = await socket.waitFor((frame) => frame.type === 'ready');
    expect(ready).toMatchObject({ type: 'ready' });
    socket.close();

    const anonymous = await TestSocket.open(url, origin);
    anonymous.send({ type: 'auth', mode: 'badge' });
    await anonymous.waitFor((frame) => frame.type === 'error');
    expect(anonymous.frames[0]).toMatchObject({ code: '90001' });
  });
});

describe('the session cookie on an https origin', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://fc.example.gov.cn' } });
    await createUser(secure.database.db, '13720000009');
  });
  afterAll(() => secure.dispose());

  it('is Secure and named with the __Host- prefix', async () => {
    const response = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: '13720000009', password: TEST_PASSWORD, type: 'phone' },
    });
    expect(response.statusCode).toBe(200);
    const session = cookieOf(response, SECURE_SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(cookieOf(response, CSRF_COOKIE)).toMatchObject({ secure: true, sameSite: 'Lax' });

    const token = session?.value ?? '';
    const own = await secure.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: {
        cookie: `${SECURE_SESSION_COOKIE}=${token}`,
        'x-csrf-token': csrfTokenOf(token),
        origin: 'https://fc.example.gov.cn',
      },
      payload: { nickName: '正式站点', gender: 1 },
    });
    expect(own.statusCode).toBe(200);
    // A look-alike of the site's origin is foreign.
    const foreign = await secure.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: {
        cookie: `${SECURE_SESSION_COOKIE}=${token}`,
        'x-csrf-token': csrfTokenOf(token),
        origin: 'https://fc.example.gov.cn.evil.example',
      },
      payload: { nickName: '伪造站点', gender: 1 },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
