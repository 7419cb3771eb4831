import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import type { StoredObject } from './object-storage';
import { S3ObjectStorage, type S3StorageOptions } from './s3-storage';
import { startTestS3, type TestS3 } from './s3-test-server';

let s3: TestS3;
let storage: S3ObjectStorage;

const optionsFor = (server: TestS3, publicBaseUrl?: string): S3StorageOptions => ({
  endpoint: server.endpoint,
  region: server.region,
  bucket: server.bucket,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  publicBaseUrl,
  forcePathStyle: true,
});

beforeAll(async () => {
  s3 = await startTestS3();
  storage = new S3ObjectStorage(optionsFor(s3));
});
afterAll(async () => {
  await storage.close();
  await s3.close();
});

async function collect(items: AsyncIterable<StoredObject>): Promise<StoredObject[]> {
  const list: StoredObject[] = [];
  for await (const item of items) list.push(item);
  return list.sort((a, b) => a.key.localeCompare(b.key));
}

describe('the S3 adapter against an S3-compatible server', () => {
  it('puts, reads, finds and deletes objects, keeping public and private apart', async () => {
    await storage.put('public', 'listing/5/a.png', Buffer.from('house photo'), 'image/png');
    await storage.put('private', 'listing/5/b.jpg', Buffer.from('id card'), 'image/jpeg');
    const body = await storage.get('public', 'listing/5/a.png');
    expect(body?.contentType).toBe('image/png');
    expect(body?.size).toBe(11);
    expect(await text(body!.stream)).toBe('house photo');
    expect(await storage.exists('private', 'listing/5/b.jpg')).toBe(true);
    expect(await storage.exists('public', 'listing/5/b.jpg')).toBe(false);
    expect(await storage.get('private', 'listing/5/none.jpg')).toBeNull();

    await storage.delete('private', 'listing/5/b.jpg');
    await storage.delete('private', 'listing/5/b.jpg');
    expect(await storage.exists('private', 'listing/5/b.jpg')).toBe(false);
  });

  it('lists a folder with sizes and ages, without the visibility prefix', async () => {
    await storage.put('private', 'order/1/x.pdf', Buffer.from('%PDF-1'), 'application/pdf');
    await storage.put('private', 'order/12/y.pdf', Buffer.from('%PDF-12'), 'application/pdf');
    await storage.put('public', 'order/1/not-private.png', Buffer.from('p'), 'image/png');
    const listed = await collect(storage.list('private', 'order/1/'));
    expect(listed.map((o) => [o.key, o.size])).toEqual([['order/1/x.pdf', 6]]);
    expect(Math.abs(Date.now() - listed[0]!.lastModified.getTime())).toBeLessThan(120_000);
    expect((await collect(storage.list('private', 'order/'))).map((o) => o.key)).toEqual([
      'order/1/x.pdf',
      'order/12/y.pdf',
    ]);
  });

  it('serves public objects to anyone and private ones to nobody without a signature', async () => {
    await storage.put('public', 'seed/p.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await storage.put('private', 'order/2/i.pdf', Buffer.from('%PDF-2'), 'application/pdf');
    const open = await fetch(`${s3.endpoint}/${s3.bucket}/public/seed/p.svg`);
    expect(open.status).toBe(200);
    const closed = await fetch(`${s3.endpoint}/${s3.bucket}/private/order/2/i.pdf`);
    expect(closed.status).toBe(403);
  });

  it('signs links that open the private object, and refuses tampered or expired ones', async () => {
    const url = await storage.signedUrl('order/2/i.pdf');
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/private/order/2/i.pdf?`)).toBe(true);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe('%PDF-2');

    const tampered = url.replace('order/2/i.pdf', 'order/1/x.pdf');
    expect((await fetch(tampered)).status).toBe(403);
    const forged = url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000');
    expect((await fetch(forged)).status).toBe(403);

    const expired = await storage.signedUrl('order/2/i.pdf', {
      ttlSeconds: 60,
      now: new Date(Date.now() - 5 * 60_000),
    });
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');
  });

  it('signs a download link that saves the file under its Chinese name', async () => {
    const url = await storage.signedUrl('order/2/i.pdf', { downloadName: '发票.pdf' });
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('发票.pdf')}`,
    );
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('addresses public objects through the site, or the CDN when one is configured', () => {
    expect(storage.publicUrl('seed/p.svg')).toBe('/oss/app/seed/p.svg');
    const withCdn = new S3ObjectStorage(optionsFor(s3, 'https://cdn.example.com/public/'));
    expect(withCdn.publicUrl('seed/p.svg')).toBe('https://cdn.example.com/public/seed/p.svg');
  });

  it('names the origins pages must allow for its pictures and framed invoices', () => {
    expect(storage.fileOrigins).toEqual([s3.endpoint]);
    const withCdn = new S3ObjectStorage(optionsFor(s3, 'https://cdn.example.com/public'));
    expect(withCdn.fileOrigins).toEqual([s3.endpoint, 'https://cdn.example.com']);
    const aws = new S3ObjectStorage({
      ...optionsFor(s3),
      endpoint: undefined,
      region: 'cn-north-1',
      forcePathStyle: false,
    });
    expect(aws.fileOrigins).toEqual(['https://portal-test.s3.cn-north-1.amazonaws.com']);
    expect(contentSecurityPolicy('https://x.cn', false, withCdn.fileOrigins)).toContain(
      `frame-src 'self' ${s3.endpoint} https://cdn.example.com;`,
    );
  });
});
