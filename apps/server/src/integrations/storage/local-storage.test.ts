import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { LocalDiskStorage } from './local-storage';
import { contentDisposition, type StoredObject } from './object-storage';
import { localDataStorage } from './index';

let dir: string;
let storage: LocalDiskStorage;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
  storage = new LocalDiskStorage({
    publicDir: path.join(dir, 'uploads'),
    privateDir: path.join(dir, 'private'),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(items: AsyncIterable<StoredObject>): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of items) keys.push(item.key);
  return keys.sort();
}

/** The query of a signed link as the route hands it to openSigned. */
function parseSigned(url: string) {
  const parsed = new URL(url, 'http://x');
  return {
    key: parsed.pathname.replace('/oss/private/', ''),
    query: {
      expires: Number(parsed.searchParams.get('expires')),
      sig: parsed.searchParams.get('sig') ?? '',
      download: parsed.searchParams.get('download') ?? undefined,
    },
  };
}

/** The status and code of the refusal a promise ends in. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return `${(error as AppError).status} ${(error as AppError).code}`;
}

describe('the local disk storage', () => {
  it('stores public and private objects in their own folders, atomically', async () => {
    await storage.put('public', 'listing/1/a.jpg', Buffer.from('house'), 'image/jpeg');
    await storage.put('private', 'listing/1/b.jpg', Buffer.from('id card'), 'image/jpeg');
    expect(readFileSync(path.join(dir, 'uploads/listing/1/a.jpg'), 'utf8')).toBe('house');
    expect(readFileSync(path.join(dir, 'private/listing/1/b.jpg'), 'utf8')).toBe('id card');
    expect(existsSync(path.join(dir, 'uploads/listing/1/b.jpg'))).toBe(false);
    expect(readdirSync(path.join(dir, 'uploads/listing/1'))).toEqual(['a.jpg']);

    await storage.put('public', 'listing/1/a.jpg', Buffer.from('replaced'), 'image/jpeg');
    const body = await storage.get('public', 'listing/1/a.jpg');
    expect(body?.contentType).toBe('image/jpeg');
    expect(body?.size).toBe(8);
    expect(await text(body!.stream)).toBe('replaced');
  });

  it('answers exists, get and delete for present and missing objects', async () => {
    await storage.put('public', 'chat/3/c.png', Buffer.from('png'), 'image/png');
    expect(await storage.exists('public', 'chat/3/c.png')).toBe(true);
    expect(await storage.exists('private', 'chat/3/c.png')).toBe(false);
    expect(await storage.get('public', 'chat/3/missing.png')).toBeNull();
    await storage.delete('public', 'chat/3/c.png');
    await storage.delete('public', 'chat/3/c.png');
    expect(await storage.exists('public', 'chat/3/c.png')).toBe(false);
  });

  it('refuses keys that could leave its folders', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'A/B.jpg', 'a//b', '.hidden']) {
      await expect(storage.put('public', key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid object key/,
      );
    }
    expect(existsSync(path.join(dir, 'etc'))).toBe(false);
  });

  it('lists objects by prefix with their age, never its own dot files', async () => {
    await storage.put('private', 'order/7/i.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await storage.put('private', 'order/70/j.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await storage.signedUrl('order/7/i.pdf');
    expect(existsSync(path.join(dir, 'private/.url-signing-key'))).toBe(true);
    expect(await collect(storage.list('private', 'order/7/'))).toEqual(['order/7/i.pdf']);
    expect(await collect(storage.list('private', 'order/'))).toEqual([
      'order/7/i.pdf',
      'order/70/j.pdf',
    ]);
    expect(await collect(storage.list('private', ''))).not.toContain('.url-signing-key');
    expect(await collect(storage.list('public', 'nothing/'))).toEqual([]);
    for await (const item of storage.list('private', 'order/7/')) {
      expect(Date.now() - item.lastModified.getTime()).toBeLessThan(60_000);
      expect(item.size).toBe(5);
    }
  });

  it('gives public objects their /oss/app/ address', () => {
    expect(storage.publicUrl('seed/logo.svg')).toBe('/oss/app/seed/logo.svg');
  });
});

describe('signed links of the local disk', () => {
  beforeAll(async () => {
    await storage.put(
      'private',
      'order/9/invoice.pdf',
      Buffer.from('%PDF-1.4 x'),
      'application/pdf',
    );
  });

  it('opens a fresh link, binding key, expiry and download name', async () => {
    const url = await storage.signedUrl('order/9/invoice.pdf', { downloadName: '发票.pdf' });
    expect(url).toMatch(
      /^\/oss\/private\/order\/9\/invoice\.pdf\?expires=\d+&sig=[\w-]+&download=/,
    );
    const { key, query } = parseSigned(url);
    const body = await storage.openSigned(key, query);
    expect(body.contentType).toBe('application/pdf');
    expect(await text(body.stream)).toBe('%PDF-1.4 x');

    expect(await refusal(storage.openSigned(key, { ...query, download: '别的.pdf' }))).toBe(
      '403 10007',
    );
    expect(await refusal(storage.openSigned(key, { ...query, download: undefined }))).toBe(
      '403 10007',
    );
    expect(await refusal(storage.openSigned(key, { ...query, expires: query.expires + 60 }))).toBe(
      '403 10007',
    );
    expect(await refusal(storage.openSigned('order/9/other.pdf', query))).toBe('403 10007');
  });

  it('refuses an expired or tampered link, and says 404 for a deleted file', async () => {
    const old = await storage.signedUrl('order/9/invoice.pdf', {
      ttlSeconds: 60,
      now: new Date(Date.now() - 120_000),
    });
    const expired = parseSigned(old);
    expect(await refusal(storage.openSigned(expired.key, expired.query))).toBe('403 10007');

    const fresh = parseSigned(await storage.signedUrl('order/9/invoice.pdf'));
    const tampered = { ...fresh.query, sig: `${fresh.query.sig.slice(0, -2)}AA` };
    expect(await refusal(storage.openSigned(fresh.key, tampered))).toBe('403 10007');
    expect(await refusal(storage.openSigned('../../etc/passwd', fresh.query))).toBe('403 10007');

    await storage.put('private', 'order/9/gone.pdf', Buffer.from('%PDF-'), 'application/pdf');
    const gone = parseSigned(await storage.signedUrl('order/9/gone.pdf'));
    await storage.delete('private', 'order/9/gone.pdf');
    expect(await refusal(storage.openSigned(gone.key, gone.query))).toBe('404 10404');
  });

  it('is checked alike by every instance sharing the data folder', async () => {
    const other = localDataStorage(path.join(dir, 'uploads'));
    const { key, query } = parseSigned(await storage.signedUrl('order/9/invoice.pdf'));
    const body = await other.openSigned!(key, query);
    expect(await text(body.stream)).toBe('%PDF-1.4 x');
  });

  it('writes Chinese download names as RFC 5987 file names', () => {
    expect(contentDisposition('attachment', '发票(1).pdf')).toBe(
      `attachment; filename="__(1).pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%281%29.pdf`,
    );
    expect(contentDisposition('inline')).toBe('inline');
  });
});
