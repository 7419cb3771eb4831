import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/index';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
let behindProxy: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  mkdirSync(t.config.webDist, { recursive: true });
  writeFileSync(`${t.config.webDist}/index.html`, '<!doctype html><div id="root"></div>');
  web = await buildApp({ config: t.config, database: t.database, logger: false });
  await web.ready();
  behindProxy = await buildApp({
    config: { ...t.config, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
    database: t.database,
    logger: false,
  });
  await behindProxy.ready();
});
afterAll(async () => {
  await web.close();
  await behindProxy.close();
  await t.dispose();
});

function directives(policy: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of String(policy).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('security headers', () => {
  it('give every page a CSP without inline scripts and forbid framing it', async () => {
    const res = await web.inject({ method: 'GET', url: '/home', headers: { host: 'fc.example' } });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    const socket = new URL(t.config.publicOrigin);
    expect(csp.get('connect-src')).toBe(`'self' ws://${socket.host}`);
    expect(csp.get('connect-src')).not.toContain('fc.example');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('build the policy from the configured origin, never from the Host header', async () => {
    const plain = await web.inject({ method: 'GET', url: '/home' });
    for (const host of ['evil.example;script-src *', "evil.example; script-src 'unsafe-eval' *"]) {
      const res = await web.inject({ method: 'GET', url: '/home', headers: { host } });
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toBe("'self'");
      expect(String(res.headers['content-security-policy'])).not.toContain('evil.example');
    }
    const secure = await buildApp({
      config: { ...t.config, publicOrigin: 'https://fc.qhd.example' },
      database: t.database,
      logger: false,
    });
    try {
      const res = await secure.inject({ method: 'GET', url: '/chat?userId=1' });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('connect-src')).toBe("'self' wss://fc.qhd.example");
      // 天地图 tiles (MAP_PROVIDER=tianditu) are https images, which the policy lets in.
      expect(csp.get('img-src')?.split(' ')).toContain('https:');
    } finally {
      await secure.close();
    }
  });

  it('let only the site itself embed the chat page', async () => {
    const res = await web.inject({ method: 'GET', url: '/chat?userId=1' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('mark API answers nosniff and leave the CSP to documents', async () => {
    const res = await web.inject({ method: 'GET', url: '/api/site/settings' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('give the API reference (Swagger UI) a policy of its own, unframeable, with the JSON served', async () => {
    const page = await web.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Every script the page names is a file on the site: nothing inline for the policy to block.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(body?.trim()).toBe('');
    }
    const initializer = await web.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('validatorUrl: null');

    const json = await web.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
    expect(json.headers['x-content-type-options']).toBe('nosniff');
  });

  it('send HSTS only over TLS, and trust X-Forwarded-Proto only from a configured proxy', async () => {
    const plain = await web.inject({ method: 'GET', url: '/home' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const forged = await web.inject({
      method: 'GET',
      url: '/home',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const viaProxy = await behindProxy.inject({
      method: 'GET',
      url: '/home',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to trusting no proxy and accepts true, hops and addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
