import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestContext,
  multipartFile,
  openAdminTest,
  postFile,
  storedKeys,
} from './admin-test-helpers';

/**
 * Operator pictures are decoded and encoded again like citizens' uploads: a GIF carrying HTML
 * and a 400-megapixel PNG (the outside review's site logo) are never stored as sent.
 */
let c: AdminTestContext;

beforeAll(async () => {
  c = await openAdminTest();
});
afterAll(() => c.t.dispose());

/** A PNG whose header claims `width` × `height` pixels, with a tiny (invalid) body. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function storedBytes(url: string): Promise<Buffer> {
  const res = await c.t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('operator pictures', () => {
  it('re-encodes a GIF with HTML appended: the picture stays, the HTML is gone', async () => {
    const gif = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#c00' },
    })
      .gif()
      .toBuffer();
    const html = '<html><script>alert(document.cookie)</script></html>';
    const hostile = Buffer.concat([gif, Buffer.from(html)]);
    const res = await postFile(
      c,
      '/api/admin/uploads?kind=image',
      multipartFile('图片.gif', 'image/gif', hostile),
    );
    expect(res.statusCode).toBe(200);
    const { path, url } = res.json().data;
    expect(path).toMatch(/^admin\/images\/[0-9a-f]{24}\.gif$/);
    const stored = await storedBytes(url);
    expect(stored.toString('latin1')).not.toContain('<script');
    expect(stored.equals(hostile)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'gif', width: 4, height: 4 });
  });

  it('refuses a 400-megapixel PNG as the site logo and stores nothing', async () => {
    const before = await storedKeys(c, 'site/');
    const res = await postFile(
      c,
      '/api/admin/site-settings/logo',
      multipartFile('logo.png', 'image/png', claimedPng(20_000, 20_000)),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('图片像素过大（不超过4000万像素），请缩小后上传');
    expect(await storedKeys(c, 'site/')).toEqual(before);
  });

  it('refuses a picture that does not decode, and strips metadata from one that does', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const refused = await postFile(
      c,
      '/api/admin/uploads?kind=image',
      multipartFile('坏图.jpg', 'image/jpeg', broken),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('图片已损坏或格式无法识别，请重新上传');

    const withGps = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#0c0' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'camera-serial-0042' } })
      .toBuffer();
    const res = await postFile(
      c,
      '/api/admin/uploads?kind=image',
      multipartFile('照片.jpg', 'image/jpeg', withGps),
    );
    expect(res.statusCode).toBe(200);
    const stored = await storedBytes(res.json().data.url);
    expect(stored.toString('latin1')).not.toContain('camera-serial-0042');
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });
});
