import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

/**
 * Hostile uploads through every upload endpoint: a renamed executable, an SVG carrying script
 * (under its own name and renamed to .png), an oversize file and too many files. Each is refused
 * with a 4xx envelope and nothing is written to storage.
 */
let t: TestApp;
let buyer: string;
let operator: string;
let conversationId: number;

async function signIn(account: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account, password },
  });
  return res.json().data.access_token;
}

/** Every file under the data folder (public uploads and private files), with sizes. */
function storedFiles(): string[] {
  const walk = (dir: string): string[] => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [`${file}:${statSync(file).size}`];
    });
  };
  return walk(t.config.dataDir).sort();
}

interface Part {
  name: string;
  type: string;
  bytes: Buffer;
}

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----portal${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048)]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await signIn('13800000001', 'Demo@2026');
  operator = await signIn('13900000000', 'Admin@2026');
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${operator}` },
  });
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: { authorization: `Bearer ${buyer}` },
    payload: { targetId: me.json().data.userId },
  });
  conversationId = started.json().data.id;
  jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#88aacc' },
  })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.dispose();
});

const endpoints = () => [
  { name: 'avatar', url: '/api/users/me/avatar', token: buyer },
  { name: 'listing photo', url: '/api/listings/uploads?kind=house', token: buyer },
  { name: 'ownership book', url: '/api/listings/uploads?kind=certificate', token: buyer },
  { name: 'chat picture', url: `/api/chat/conversations/${conversationId}/images`, token: buyer },
  { name: 'news image', url: '/api/admin/uploads?kind=image', token: operator },
  { name: 'news attachment', url: '/api/admin/uploads?kind=document', token: operator },
];

async function upload(url: string, token: string, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

describe('hostile uploads are refused and leave nothing behind', () => {
  it('accepts a real JPEG on each endpoint (the endpoints are live)', async () => {
    for (const endpoint of endpoints()) {
      const res = await upload(endpoint.url, endpoint.token, [
        { name: 'photo.jpg', type: 'image/jpeg', bytes: jpeg },
      ]);
      expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBe(200);
    }
  });

  const cases: [string, () => Part[]][] = [
    ['a renamed executable', () => [{ name: 'photo.jpg', type: 'image/jpeg', bytes: ELF }]],
    ['an SVG with script', () => [{ name: 'map.svg', type: 'image/svg+xml', bytes: SVG }]],
    ['an SVG renamed to .png', () => [{ name: 'map.png', type: 'image/png', bytes: SVG }]],
    [
      'an oversize file',
      () => [
        {
          name: 'huge.jpg',
          type: 'image/jpeg',
          bytes: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]),
        },
      ],
    ],
    [
      'too many files',
      () =>
        Array.from({ length: 12 }, (_, i) => ({
          name: `photo-${i}.jpg`,
          type: 'image/jpeg',
          bytes: jpeg,
        })),
    ],
  ];

  for (const [label, parts] of cases) {
    it(`refuses ${label}`, async () => {
      const before = storedFiles();
      for (const endpoint of endpoints()) {
        const res = await upload(endpoint.url, endpoint.token, parts());
        expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBeLessThan(500);
        expect(res.json().code, endpoint.name).not.toBe('000000');
      }
      expect(storedFiles()).toEqual(before);
    });
  }
});
