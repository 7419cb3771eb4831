import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedOrigin, loggedApp, type LoggedApp } from '../../../test/logged-app';
import { S3ObjectStorage } from './s3-storage';
import { startTestS3, type TestS3 } from './s3-test-server';

/*
 * Bucket calls have deadlines, and a bucket that fails answers 503 文件存储服务暂不可用 through
 * the shipped logger and error handler, logged as the storage provider's failure without the
 * request's address, the key or a signature. Addressing: virtual-hosted unless path style is
 * asked for.
 */
let s3: TestS3;
let logged: LoggedApp;
const stores = new Map<string, S3ObjectStorage>();
const DEADLINES = { connectMs: 300, idleMs: 400, callMs: 600 };

function storeAt(endpoint: string, accessKeyId?: string) {
  return new S3ObjectStorage(
    {
      endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: accessKeyId ?? s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      publicBaseUrl: undefined,
    },
    DEADLINES,
  );
}

beforeAll(async () => {
  s3 = await startTestS3();
  stores.set('s3', storeAt(s3.endpoint));
  stores.set('refused', storeAt(await closedOrigin()));
  stores.set('wrong-key', storeAt(s3.endpoint, 'AKIANOTAKNOWNKEY0001'));
  logged = await loggedApp((app) => {
    app.get<{ Params: { store: string } }>('/put/:store', async (request) => {
      await stores
        .get(request.params.store)!
        .put('private', 'order/9/invoice.pdf', Buffer.from('%PDF'), 'application/pdf');
      return { ok: true };
    });
    app.get<{ Params: { store: string } }>('/get/:store', async (request) => {
      const body = await stores.get(request.params.store)!.get('public', 'seed/x.png');
      return { found: body !== null };
    });
  });
});
afterAll(async () => {
  await logged.app.close();
  for (const store of stores.values()) await store.close();
  await s3.close();
});

async function call(url: string) {
  logged.clear();
  const started = Date.now();
  const reply = await logged.app.inject({ method: 'GET', url });
  const elapsed = Date.now() - started;
  const log = logged.log();
  const failure = log
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((line) => line.msg === 'provider failure') as
    { level: number; provider: string; providerCode: string; err: { message: string } } | undefined;
  return { status: reply.statusCode, body: reply.json(), log, failure, elapsed };
}

function expectStorageUnavailable(body: unknown, log: string) {
  expect(body).toEqual({ code: '50003', message: '文件存储服务暂不可用，请稍后再试', data: null });
  expect(log).not.toMatch(/https?:\/\//);
  expect(log).not.toContain('invoice.pdf');
  expect(log).not.toMatch(/X-Amz-|Signature=|Credential=/);
  expect(log).not.toContain(s3.secretAccessKey);
  expect(log).not.toContain('database unavailable');
}

describe('a bucket that is slow or failing', () => {
  it('works when the bucket answers', async () => {
    expect((await call('/put/s3')).status).toBe(200);
    expect((await call('/get/s3')).body).toEqual({ found: false });
  });

  it('gives up on a bucket that does not answer within the deadline', async () => {
    s3.slow(3_000);
    const put = await call('/put/s3');
    const get = await call('/get/s3');
    s3.slow(0);
    for (const answer of [put, get]) {
      expect(answer.status).toBe(503);
      expect(answer.elapsed).toBeLessThan(2_000);
      expectStorageUnavailable(answer.body, answer.log);
      expect(answer.failure).toMatchObject({ level: 50, provider: 's3', providerCode: 'Timeout' });
    }
  });

  it('answers 503 for a refused connection, not the database 503', async () => {
    const { status, body, log, failure } = await call('/put/refused');
    expect(status).toBe(503);
    expectStorageUnavailable(body, log);
    expect(failure?.providerCode).toBe('ECONNREFUSED');
  });

  it('answers 503 for a wrong key, logged with the S3 code and a hint', async () => {
    const { status, body, log, failure } = await call('/put/wrong-key');
    expect(status).toBe(503);
    expectStorageUnavailable(body, log);
    expect(failure?.providerCode).toMatch(/SignatureDoesNotMatch|InvalidAccessKeyId|AccessDenied/);
    expect(failure?.err.message).toContain('S3_ENDPOINT');
  });
});

describe('addressing', () => {
  it('is virtual-hosted unless path style is asked for', async () => {
    const virtual = new S3ObjectStorage({
      endpoint: 'https://oss-cn-beijing.aliyuncs.com',
      region: 'oss-cn-beijing',
      bucket: 'qhd-fang',
      accessKeyId: 'LTAI5tFakeKeyId0003',
      secretAccessKey: 'fake-oss-secret',
      forcePathStyle: false,
      publicBaseUrl: undefined,
    });
    const link = new URL(await virtual.signedUrl('order/1/a.pdf'));
    expect(link.host).toBe('qhd-fang.oss-cn-beijing.aliyuncs.com');
    expect(link.pathname).toBe('/private/order/1/a.pdf');
    expect(virtual.fileOrigins).toEqual(['https://qhd-fang.oss-cn-beijing.aliyuncs.com']);
    await virtual.close();
    const pathStyle = new URL(await stores.get('s3')!.signedUrl('order/1/a.pdf'));
    expect(pathStyle.pathname).toBe(`/${s3.bucket}/private/order/1/a.pdf`);
  });
});
