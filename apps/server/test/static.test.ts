import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
let withWeb: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  mkdirSync(path.join(t.config.webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(t.config.webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(t.config.webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(
    path.join(t.config.webDist, 'assets', 'big-9z8y.js'),
    'console.log(2);'.repeat(200),
  );
  writeFileSync(
    path.join(t.config.webDist, 'assets', 'big-9z8y.js.gz'),
    gzipSync('console.log(2);'.repeat(200)),
  );
  mkdirSync(path.join(t.config.uploadsDir, 'seed'), { recursive: true });
  writeFileSync(
    path.join(t.config.uploadsDir, 'seed', 'cover.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  withWeb = await buildApp({ config: t.config, database: t.database, logger: false });
  await withWeb.ready();
});
afterAll(async () => {
  await withWeb.close();
  await t.dispose();
});

describe('the built SPA with history fallback', () => {
  it('answers the pages of the app with the app, and unknown pages with the app and a 404', async () => {
    for (const url of ['/', '/home', '/newHouse?keyword=海港', '/no/such/page']) {
      const res = await withWeb.inject({ method: 'GET', url: encodeURI(url) });
      expect(res.statusCode).toBe(url === '/no/such/page' ? 404 : 200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and the page without', async () => {
    const asset = await withWeb.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await withWeb.inject({ method: 'GET', url: '/home' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed build files to clients that accept them', async () => {
    const zipped = await withWeb.inject({
      method: 'GET',
      url: '/assets/big-9z8y.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log(2);'.repeat(200));
    const plain = await withWeb.inject({ method: 'GET', url: '/assets/big-9z8y.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(2);'.repeat(200));
  });

  it('keeps API, upload and asset misses as 404 envelopes', async () => {
    for (const url of ['/api/nope', '/oss/app/missing.png', '/assets/missing.js']) {
      const res = await withWeb.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('10404');
    }
  });

  it('does not answer a POST to a page with the app', async () => {
    const res = await withWeb.inject({ method: 'POST', url: '/home', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('10404');
  });
});

describe('uploads', () => {
  it('serves stored files at /oss/app/<path>', async () => {
    const res = await withWeb.inject({ method: 'GET', url: '/oss/app/seed/cover.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves public files with the stored-file policy, and documents only as downloads', async () => {
    await t.app.storage.put(
      'public',
      'feedback/1/note.pdf',
      Buffer.from('%PDF-1.4'),
      'application/pdf',
    );
    for (const [url, download] of [
      ['/oss/app/seed/cover.svg', false],
      ['/oss/app/feedback/1/note.pdf', true],
    ] as const) {
      const res = await withWeb.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (download) expect(res.headers['content-disposition']).toBe('attachment');
      else expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('serves private objects only through a valid signed link', async () => {
    await t.app.storage.put('private', 'order/1/a.png', Buffer.from('png'), 'image/png');
    expect(
      (await withWeb.inject({ method: 'GET', url: '/oss/app/order/1/a.png' })).statusCode,
    ).toBe(404);
    const unsigned = await withWeb.inject({ method: 'GET', url: '/oss/private/order/1/a.png' });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().code).toBe('10007');
    const signed = await withWeb.inject({
      method: 'GET',
      url: await t.app.storage.signedUrl('order/1/a.png'),
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(signed.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(signed.body).toBe('png');
  });

  it('refuses to leave the uploads folder', async () => {
    const res = await withWeb.inject({ method: 'GET', url: '/oss/app/..%2f..%2fetc%2fpasswd' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('10403');
    expect(res.body).not.toContain('root:');
  });
});

describe('without a built web app', () => {
  it('answers pages with a 404 envelope instead of crashing', async () => {
    const apiOnly = await createTestApp();
    const res = await apiOnly.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(404);
    await apiOnly.dispose();
  });
});
