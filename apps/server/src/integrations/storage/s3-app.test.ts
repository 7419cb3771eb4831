import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/index';
import { sweepOrphanFiles, ORPHAN_GRACE_MS } from '../../jobs/file-sweeper';
import { multipart, testImage } from '../../modules/listings/listings-test-helpers';
import { bearerFor } from '../../modules/news/test-helpers';
import { seedCity } from '../../seed/index';
import { startTestS3, type TestS3 } from './s3-test-server';

/** The whole site with STORAGE=s3: every file goes to the bucket, none to the data folder. */
let s3: TestS3;
let t: TestApp;
let buyer: { authorization: string };
let admin: { authorization: string };
let jpeg: Buffer;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
  });
  await seedCity(t.database.db, { scale: 0.05, storage: t.app.storage, now: new Date() });
  buyer = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
  jpeg = await testImage('jpeg');
});
afterAll(async () => {
  await t?.dispose();
  await s3?.close();
});

async function post(url: string, headers: object, name = 'a.jpg', bytes?: Buffer) {
  const type = name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
  const body = multipart([{ name, bytes: bytes ?? jpeg, type }]);
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('the site on S3-compatible storage', () => {
  it('uses the bucket, not the data folder', () => {
    expect(t.app.storage.driver).toBe('s3');
    expect(existsSync(path.join(t.config.uploadsDir, 'seed'))).toBe(false);
  });

  it('serves public objects at the same /oss/app/ addresses', async () => {
    const logo = await t.app.inject({ url: '/oss/app/seed/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
    expect(logo.body).toContain('<svg');
    expect(logo.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(logo.headers['content-disposition']).toBeUndefined();
    // A public document is a download, through the server and straight from the bucket.
    await t.app.storage.put(
      'public',
      'news/1/rules.pdf',
      Buffer.from('%PDF-1.4'),
      'application/pdf',
    );
    const rules = await t.app.inject({ url: '/oss/app/news/1/rules.pdf' });
    expect(rules.headers['content-disposition']).toBe('attachment');
    expect(rules.headers['x-content-type-options']).toBe('nosniff');
    const direct = await fetch(`${s3.endpoint}/${s3.bucket}/public/news/1/rules.pdf`);
    expect(direct.headers.get('content-disposition')).toBe('attachment');

    const photo = await post('/api/listings/uploads?kind=house', buyer);
    expect(photo.url).toBe(`/oss/app/${photo.path}`);
    const served = await t.app.inject({ url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');

    for (const url of ['/oss/app/seed/doc-idcard.svg', '/oss/app/no/such.png', '/oss/app/../x']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('hands out presigned links for private objects, which the bucket checks', async () => {
    const card = await post('/api/listings/uploads?kind=idcard', buyer);
    expect(card.url.startsWith(`${s3.endpoint}/${s3.bucket}/private/${card.path}?`)).toBe(true);
    const fetched = await fetch(card.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(card.url.replace(/X-Amz-Date=\d{4}/, 'X-Amz-Date=2001'))).status).toBe(403);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/private/${card.path}`)).status).toBe(403);
    expect((await t.app.inject({ url: `/oss/private/${card.path}` })).statusCode).toBe(404);
  });

  it('lets the buyer view and download an invoice through the bucket', async () => {
    const orders = await t.app.inject({ url: '/api/orders', headers: buyer });
    const orderId = orders.json().data.list[0].id as number;
    const pdf = Buffer.from('%PDF-1.4\n%s3 invoice\n');
    await post(`/api/admin/orders/${orderId}/files?kind=invoice`, admin, '发票.pdf', pdf);
    const detail = await t.app.inject({ url: `/api/orders/${orderId}`, headers: buyer });
    const invoice = detail.json().data.invoiceList.at(-1);
    const shown = await fetch(invoice.url);
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer()).equals(pdf)).toBe(true);
    const saved = await fetch(invoice.downloadUrl);
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
  });

  it('redirects public addresses to the CDN when one is configured', async () => {
    let withCdn: FastifyInstance | undefined;
    try {
      withCdn = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: t.config.dataDir,
          WEB_DIST: t.config.webDist,
          STORAGE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_PUBLIC_BASE_URL: `${s3.endpoint}/${s3.bucket}/public`,
        }),
        database: t.database,
        logger: false,
      });
      const moved = await withCdn.inject({ url: '/oss/app/seed/logo.svg' });
      expect(moved.statusCode).toBe(302);
      expect(moved.headers.location).toBe(`${s3.endpoint}/${s3.bucket}/public/seed/logo.svg`);
      expect((await fetch(moved.headers.location as string)).status).toBe(200);
    } finally {
      await withCdn?.close();
    }
  });

  it('sweeps unattached uploads out of the bucket', async () => {
    const stray = await post('/api/listings/uploads?kind=certificate', buyer);
    const deleted = await sweepOrphanFiles(
      t.database.db,
      t.app.storage,
      new Date(Date.now() + ORPHAN_GRACE_MS + 60_000),
    );
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.exists('private', stray.path)).toBe(false);
    expect(await t.app.storage.exists('public', 'seed/logo.svg')).toBe(true);
  });
});
