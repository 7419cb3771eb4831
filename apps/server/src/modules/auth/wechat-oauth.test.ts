import { Writable } from 'node:stream';
import { WECHAT_OAUTH_ERRORS } from '@portal/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { shippedLogger } from '../../app';
import { users } from '../../db/schema/index';
import type { WechatOAuthGateway } from '../../integrations/wechat/index';
import { AppError } from '../../lib/app-error';
import { call, createUser, sendCode } from './auth-test-helpers';

/*
 * Sign-in inside WeChat through the Official Account's web authorisation, against the
 * simulator (docs/decisions/0053-wechat-web-authorisation.md): the state is bound to the
 * browser that started it, used once; a code is exchanged once; failures come back to /login
 * with a key the page shows in Chinese; nothing secret reaches the log.
 */
let t: TestApp;
let app: FastifyInstance;
let logText = '';
const PHONE = '13700000361';
const OPENID = 'o_sim_oauth_owner1';
const ROOM_PAGE = '/houses/12?building=3&room=456';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString('utf8');
      done();
    },
  });
  t = await createTestApp({ logger: { ...shippedLogger('info'), stream } });
  app = t.app;
  const id = await createUser(t.database.db, PHONE);
  await t.database.db.update(users).set({ openid: OPENID }).where(eq(users.id, id));
});
afterAll(() => t.dispose());

interface Started {
  /** The `name=value` of the browser's binding cookie. */
  cookie: string;
  authorize: URL;
}

async function start(returnTo = ROOM_PAGE, scope = 'snsapi_base'): Promise<Started> {
  const query = new URLSearchParams({ returnTo, scope });
  const response = await app.inject({
    method: 'GET',
    url: `/api/auth/wechat/oauth/start?${query.toString()}`,
  });
  expect(response.statusCode).toBe(302);
  const set = response.cookies.find((c) => c.name === 'portal_wechat_oauth');
  expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return {
    cookie: `portal_wechat_oauth=${set?.value}`,
    authorize: new URL(String(response.headers.location)),
  };
}

/** The simulator's 允许 (or 拒绝): where it sends the browser back. */
async function decide(started: Started, openid: string, decision = 'allow'): Promise<URL> {
  const page = await app.inject({
    method: 'GET',
    url: `${started.authorize.pathname}${started.authorize.search}`,
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('微信授权登录');
  const fields = new URLSearchParams({
    redirect_uri: started.authorize.searchParams.get('redirect_uri') ?? '',
    state: started.authorize.searchParams.get('state') ?? '',
    scope: started.authorize.searchParams.get('scope') ?? '',
    decision,
    openid,
  });
  const answer = await app.inject({
    method: 'POST',
    url: '/dev/wechat-oauth/authorize',
    payload: fields.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answer.statusCode).toBe(302);
  return new URL(String(answer.headers.location));
}

const callback = (back: URL, cookie: string) =>
  app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });

const sessionOf = (response: Awaited<ReturnType<typeof callback>>) =>
  response.cookies.find((c) => c.name === 'portal_session')?.value;

describe('WeChat web authorisation (simulator)', () => {
  it('signs a WeChat user with a phone in and returns them to the room they were booking', async () => {
    const started = await start();
    expect(started.authorize.pathname).toBe('/dev/wechat-oauth/authorize');
    expect(started.authorize.searchParams.get('scope')).toBe('snsapi_base');
    expect(started.authorize.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/localhost(:80)?\/api\/auth\/wechat\/oauth\/callback$/,
    );
    const back = await decide(started, OPENID);
    expect(back.pathname).toBe('/api/auth/wechat/oauth/callback');
    expect(back.searchParams.get('code')).toBeTruthy();

    const answer = await callback(back, started.cookie);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(ROOM_PAGE);
    expect(answer.headers['cache-control']).toBe('no-store');
    const token = sessionOf(answer);
    expect(token).toBeTruthy();
    expect(answer.cookies.some((c) => c.name === 'portal_csrf')).toBe(true);
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({ phoneNumber: PHONE, openid: OPENID });

    // The same return once more (a reload, a replay): the state is spent.
    const again = await callback(back, started.cookie);
    expect(again.headers.location).toBe(
      `/login?wechatError=state&redirect=${encodeURIComponent(ROOM_PAGE)}`,
    );
    expect(sessionOf(again)).toBeUndefined();
  });

  it('finishes a sign-in only in the browser that started it (no login fixation)', async () => {
    const victim = await start();
    const attacker = await start();
    const back = await decide(attacker, OPENID);
    // The attacker's return link opened in the victim's browser (their own cookie, or none).
    for (const cookie of [victim.cookie, '', 'portal_wechat_oauth=forged-secret-value']) {
      const answer = await callback(back, cookie);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/login?wechatError=state');
      expect(sessionOf(answer)).toBeUndefined();
    }
    // A made-up state, or none at all.
    for (const query of ['?code=abc&state=made-up-state', '?code=abc', '']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/auth/wechat/oauth/callback${query}`,
        headers: { cookie: victim.cookie },
      });
      expect(answer.headers.location).toBe('/login?wechatError=state');
    }
    // The browser that started it still finishes.
    expect(sessionOf(await callback(back, attacker.cookie))).toBeTruthy();
  });

  it('exchanges a code once, even under another state', async () => {
    const first = await start();
    const second = await start('/listings');
    const back = await decide(first, OPENID);
    const code = back.searchParams.get('code') ?? '';
    const stolen = new URL(back);
    stolen.searchParams.set('state', second.authorize.searchParams.get('state') ?? '');
    // Presented first under the second browser's state: that one is accepted…
    expect(sessionOf(await callback(stolen, second.cookie))).toBeTruthy();
    // …and the code is then refused under its own.
    const replay = await callback(back, first.cookie);
    expect(replay.headers.location).toBe(
      `/login?wechatError=code&redirect=${encodeURIComponent(ROOM_PAGE)}`,
    );
    expect(sessionOf(replay)).toBeUndefined();
    expect(code).not.toBe('');
  });

  it('comes back to /login with the reason when the citizen declines', async () => {
    const started = await start('/sale/publish');
    const back = await decide(started, OPENID, 'deny');
    expect(back.searchParams.has('code')).toBe(false);
    const answer = await callback(back, started.cookie);
    expect(answer.headers.location).toBe('/login?wechatError=denied&redirect=%2Fsale%2Fpublish');
    expect(WECHAT_OAUTH_ERRORS.denied).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('a WeChat user without a phone binds one, in the same browser, and keeps the task', async () => {
    const started = await start(ROOM_PAGE, 'snsapi_userinfo');
    const back = await decide(started, 'o_sim_oauth_newcomer');
    const answer = await callback(back, started.cookie);
    expect(sessionOf(answer)).toBeUndefined();
    const location = new URL(String(answer.headers.location), 'http://site.invalid');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirect')).toBe(ROOM_PAGE);
    const ticket = location.searchParams.get('wechatBind') ?? '';
    const ticketCookie = answer.cookies.find((c) => c.name === 'portal_wechat_ticket');
    expect(ticketCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    const code = await sendCode(app, t.database.db, '13700000362', 'BIND_PHONE');
    const bound = await app.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { ticket, phone: '13700000362', code },
      headers: { cookie: `portal_wechat_ticket=${ticketCookie?.value}` },
    });
    expect(bound.statusCode).toBe(200);
    const me = await call(app, 'GET', '/api/auth/me', undefined, bound.json().data.access_token);
    expect(me.json().data).toMatchObject({
      phoneNumber: '13700000362',
      openid: 'o_sim_oauth_newcomer',
    });
  });

  it('refuses open redirects: only paths of this site are kept to return to', async () => {
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/%0d%0aSet-Cookie:x=1'.replace('%0d%0a', '\r\n'),
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/auth/wechat/oauth/start?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(response.statusCode, returnTo).toBe(400);
      expect(response.json().message).toBe('登录后返回的页面不正确，只能返回本站页面');
      expect(response.headers.location).toBeUndefined();
    }
    // The simulator's authorize page returns only to our own callback.
    for (const redirect of [
      'https://evil.example/api/auth/wechat/oauth/callback',
      'http://localhost/somewhere-else',
    ]) {
      const query = new URLSearchParams({
        redirect_uri: redirect,
        state: 'x',
        scope: 'snsapi_base',
      });
      const page = await app.inject({
        method: 'GET',
        url: `/dev/wechat-oauth/authorize?${query.toString()}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.json().message).toBe('redirect_uri 只能是本站的微信授权回调地址');
    }
  });

  it('keeps no code, state, token or openid in the log', async () => {
    logText = '';
    const started = await start();
    const back = await decide(started, OPENID);
    const answer = await callback(back, started.cookie);
    expect(answer.statusCode).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logText).toContain('/api/auth/wechat/oauth/callback');
    const secrets = [
      back.searchParams.get('code') ?? '',
      back.searchParams.get('state') ?? '',
      started.cookie.split('=')[1] ?? '',
      sessionOf(answer) ?? '',
      OPENID,
    ];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(logText).not.toContain(secret);
    }
  });
});

describe('WeChat web authorisation when WeChat fails', () => {
  let failing: TestApp;
  beforeAll(async () => {
    const gateway: WechatOAuthGateway = {
      simulated: true,
      authorizeUrl: ({ redirectUri, state }) =>
        `${redirectUri}?code=c0de-that-fails&state=${state}`,
      async userOf(code) {
        throw new AppError(code === 'used' ? 'WECHAT_OAUTH_CODE_INVALID' : 'WECHAT_UNAVAILABLE');
      },
    };
    failing = await createTestApp({ integrations: { wechatOAuth: gateway } });
  });
  afterAll(() => failing.dispose());

  it('sends the citizen back to /login with a Chinese reason, never a 500', async () => {
    for (const [code, reason] of [
      ['c0de-that-fails', 'unavailable'],
      ['used', 'code'],
    ] as const) {
      const started = await failing.app.inject({
        method: 'GET',
        url: '/api/auth/wechat/oauth/start?returnTo=%2Ffeedback',
      });
      const cookie = started.cookies.find((c) => c.name === 'portal_wechat_oauth');
      const back = new URL(String(started.headers.location));
      back.searchParams.set('code', code);
      const answer = await failing.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `portal_wechat_oauth=${cookie?.value}` },
      });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`/login?wechatError=${reason}&redirect=%2Ffeedback`);
      expect(WECHAT_OAUTH_ERRORS[reason]).toMatch(/^[\u4e00-\u9fa5，]+$/);
    }
  });

  it('answers 503 with a Chinese message when WeChat is switched off', async () => {
    const off = await createTestApp({ integrations: { wechatOAuth: null } });
    try {
      const response = await off.app.inject({ method: 'GET', url: '/api/auth/wechat/oauth/start' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('微信登录暂不可用，请使用手机验证码登录');
    } finally {
      await off.dispose();
    }
  });
});
