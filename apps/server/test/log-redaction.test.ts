import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Instance, startInstance } from './scale-out/instances';

/**
 * ASVS 7.1.1: the real server, logging everything (LOG_LEVEL=trace), is signed in to with a
 * password, called with the bearer token and a cookie, refused a wrong password and sent an SMS
 * code, and asked for a signed file link; none of the secrets (nor the link's signature or a whole
 * phone number) reaches its log, which does record the requests themselves.
 */
let instance: Instance;
let log = '';

const PASSWORD = 'Demo@2026';
const WRONG_PASSWORD = 'Wrong@Secret9';
const COOKIE = 'portal_sid=cookie-secret-0123456789';
const SIGNATURE = 'c2lnbmF0dXJlLW9mLWEtbGluaw';
/** A well-formed unsubscribe token (`<id>.<22 characters>`), as an SMS link carries it. */
const UNSUBSCRIBE_TOKEN = '7.dW5zdWJzY3JpYmUtdG9rZW';

beforeAll(async () => {
  instance = await startInstance({ LOG_LEVEL: 'trace', SEED_SCALE: '0.05' });
}, 180_000);
afterAll(async () => {
  await instance?.stop();
});

describe('the server log', () => {
  let token = '';
  let code = '';

  it('records the requests of a sign-in, a personal call and an SMS code', async () => {
    const signedIn = await call(instance.origin, 'POST', '/api/auth/login', {
      body: { account: '13800000001', password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    token = (signedIn.body.data as { access_token: string }).access_token;
    const me = await call(instance.origin, 'GET', '/api/auth/me', {
      token,
      headers: { cookie: COOKIE },
    });
    expect(me.status).toBe(200);
    const refused = await call(instance.origin, 'POST', '/api/auth/login', {
      body: { account: '13800000002', password: WRONG_PASSWORD },
    });
    expect(refused.status).toBe(400);
    const sent = await call(instance.origin, 'POST', '/api/auth/sms-codes', {
      body: { phone: '13800000002', purpose: 'LOGIN' },
    });
    expect(sent.status).toBe(200);
    const outbox = await call(instance.origin, 'GET', '/api/dev/sms?phone=13800000002');
    code = (outbox.body.data as { code: string }[])[0]?.code ?? '';
    const smsLogin = await call(instance.origin, 'POST', '/api/auth/sms-login', {
      body: { phone: '13800000002', code },
    });
    expect(smsLogin.status).toBe(200);
    const signed = await call(
      instance.origin,
      'GET',
      `/oss/private/order/1/${'a'.repeat(24)}.pdf?expires=4102444800&sig=${SIGNATURE}`,
    );
    expect(signed.status).toBeGreaterThanOrEqual(400);
    // The SMS unsubscribe link: its page, and the call the page makes.
    await call(instance.origin, 'GET', `/unsubscribe?t=${UNSUBSCRIBE_TOKEN}`);
    const unsubscribe = await call(
      instance.origin,
      'GET',
      `/api/subscriptions/unsubscribe?t=${UNSUBSCRIBE_TOKEN}`,
    );
    expect(unsubscribe.status).toBeGreaterThanOrEqual(400);
    await instance.stop();
    // The structured log only: the start-up banner prints the demo accounts on purpose.
    log = instance
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .join('\n');
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).toContain('"url":"/api/auth/me"');
  }, 60_000);

  it('holds no password, session token, cookie or SMS code', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).toMatch(/^\d{6}$/);
    for (const secret of [PASSWORD, WRONG_PASSWORD, token, 'cookie-secret-0123456789']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(new RegExp(`"code":"?${code}\\b`));
  });

  it('holds no link signature, ID number or whole phone number', () => {
    expect(log).toContain('sig=[REDACTED]');
    expect(log).not.toContain(SIGNATURE);
    expect(log).toContain('/api/dev/sms?phone=138****0002');
    expect(log).not.toContain('13800000002');
    expect(log).not.toMatch(/authorization/i);
  });

  it('holds no unsubscribe token', () => {
    expect(log).toContain('"url":"/api/subscriptions/unsubscribe?t=[REDACTED]"');
    expect(log).toContain('"url":"/unsubscribe?t=[REDACTED]"');
    expect(log).not.toContain(UNSUBSCRIBE_TOKEN);
    expect(log).not.toContain(UNSUBSCRIBE_TOKEN.slice(2));
  });
});
