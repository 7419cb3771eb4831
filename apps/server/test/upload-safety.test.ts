import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessContext, type Caller, openAccessContext } from './access-context';

/**
 * Hostile uploads through every upload endpoint: every multipart operation of the OpenAPI
 * document, with every value of its enum query parameters (listing picture kinds, album groups,
 * order file kinds…). A renamed executable, an SVG carrying script (under its own name and
 * renamed to .png), an oversize file and too many files are each refused with a 4xx envelope,
 * and nothing is written to storage. A new upload endpoint fails here until UPLOAD_TARGETS says
 * who may call it and on which resource.
 */
interface Operation {
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  requestBody?: { content?: Record<string, unknown> };
}

/** Who uploads to each multipart endpoint, and the concrete path of a resource they own. */
const UPLOAD_TARGETS: Record<string, (ctx: AccessContext) => Promise<[Caller, string]>> = {
  '/api/users/me/avatar': async () => ['buyer', '/api/users/me/avatar'],
  '/api/listings/uploads': async () => ['buyer', '/api/listings/uploads'],
  '/api/listings/report-photos': async () => ['buyer', '/api/listings/report-photos'],
  '/api/lottery/proofs': async () => ['buyer', '/api/lottery/proofs'],
  '/api/chat/conversations/{id}/images': async (ctx) => {
    const started = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: { authorization: `Bearer ${ctx.tokens.buyer}` },
      payload: { channel: 'service' },
    });
    return ['buyer', `/api/chat/conversations/${started.json().data.id}/images`];
  },
  '/api/admin/uploads': async () => ['operator', '/api/admin/uploads'],
  '/api/admin/site-settings/logo': async () => ['operator', '/api/admin/site-settings/logo'],
  '/api/admin/projects/{id}/album': async (ctx) => {
    const id = await ctx.one<number>(sql`select id from projects order by id limit 1`);
    return ['operator', `/api/admin/projects/${id}/album`];
  },
  '/api/admin/orders/{id}/files': async (ctx) => {
    const id = await ctx.one<number>(sql`select id from orders where pay_status = 3 limit 1`);
    return ['operator', `/api/admin/orders/${id}/files`];
  },
};

interface Endpoint {
  name: string;
  url: string;
  caller: Caller;
}

let ctx: AccessContext;
let multipartPaths: string[];
let endpoints: Endpoint[];

/** Every combination of the enum query parameters of an operation, as query strings. */
function queryVariants(op: Operation): string[] {
  let variants = [''];
  for (const param of op.parameters ?? []) {
    const values = param.in === 'query' ? param.schema?.enum : undefined;
    if (!values) continue;
    variants = variants.flatMap((query) =>
      values.map((value) => `${query}${query ? '&' : '?'}${param.name}=${value}`),
    );
  }
  return variants;
}

beforeAll(async () => {
  ctx = await openAccessContext();
  const spec = (await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  multipartPaths = [];
  endpoints = [];
  for (const [pattern, methods] of Object.entries(spec.paths)) {
    const op = methods.post;
    if (!op?.requestBody?.content?.['multipart/form-data']) continue;
    multipartPaths.push(pattern);
    const target = UPLOAD_TARGETS[pattern];
    if (!target) continue;
    const [caller, url] = await target(ctx);
    for (const query of queryVariants(op)) {
      endpoints.push({ name: `${pattern}${query}`, url: `${url}${query}`, caller });
    }
  }
}, 240_000);
afterAll(async () => {
  await ctx?.t.dispose();
});

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
  return walk(ctx.t.config.dataDir).sort();
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

async function upload(endpoint: Endpoint, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return ctx.t.app.inject({
    method: 'POST',
    url: endpoint.url,
    headers: {
      authorization: `Bearer ${ctx.tokens[endpoint.caller as Exclude<Caller, 'anonymous'>]}`,
      'content-type': contentType,
    },
    payload: body,
  });
}

describe('hostile uploads are refused and leave nothing behind', () => {
  it('knows who uploads to every multipart endpoint of the OpenAPI document', () => {
    expect(multipartPaths.length).toBeGreaterThanOrEqual(7);
    expect(multipartPaths.filter((pattern) => !UPLOAD_TARGETS[pattern])).toEqual([]);
    expect(Object.keys(UPLOAD_TARGETS).filter((p) => !multipartPaths.includes(p))).toEqual([]);
    const names = endpoints.map((e) => e.name);
    for (const kind of ['house', 'certificate', 'idcard', 'license']) {
      expect(names).toContain(`/api/listings/uploads?kind=${kind}`);
    }
  });

  it('accepts a real JPEG on each endpoint (the endpoints are live)', async () => {
    for (const endpoint of endpoints) {
      const res = await upload(endpoint, [
        { name: 'photo.jpg', type: 'image/jpeg', bytes: ctx.jpeg },
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
          bytes: Buffer.concat([ctx.jpeg, Buffer.alloc(11 * 1024 * 1024)]),
        },
      ],
    ],
    [
      'too many files',
      () =>
        Array.from({ length: 12 }, (_, i) => ({
          name: `photo-${i}.jpg`,
          type: 'image/jpeg',
          bytes: ctx.jpeg,
        })),
    ],
  ];

  for (const [label, parts] of cases) {
    it(`refuses ${label}`, async () => {
      const before = storedFiles();
      for (const endpoint of endpoints) {
        const res = await upload(endpoint, parts());
        expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBeLessThan(500);
        expect(res.json().code, endpoint.name).not.toBe('000000');
      }
      expect(storedFiles()).toEqual(before);
    }, 120_000);
  }
});
