import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import S3rver from 's3rver';

/** The account s3rver knows. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Holds every later request this long before answering (0: answer at once). */
  slow(delayMs: number): void;
  close(): Promise<void>;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 (or HMAC-SHA256 with a secret) in the shape the AWS signer expects. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

const SIGNING_PARAMS =
  /^X-Amz-(Algorithm|Credential|Date|Expires|SignedHeaders|Signature|Content-Sha256)$/;

/** `20261123T173000Z` → Date. */
function amzDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : new Date(NaN);
}

/**
 * Whether a presigned URL is genuine and unexpired: it is signed again with the same date and
 * lifetime and the signatures compared, as S3 itself does.
 */
async function checkPresigned(url: URL, method: string): Promise<'ok' | 'expired' | 'bad'> {
  const date = amzDate(url.searchParams.get('X-Amz-Date') ?? '');
  const expiresIn = Number(url.searchParams.get('X-Amz-Expires'));
  if (Number.isNaN(date.getTime()) || !Number.isInteger(expiresIn)) return 'bad';
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!SIGNING_PARAMS.test(name)) query[name] = value;
  const presigner = new S3RequestPresigner({
    credentials: CREDENTIALS,
    region: REGION,
    sha256: Sha256,
  });
  const signed = await presigner.presign(
    {
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query,
      headers: { host: url.host },
    },
    { signingDate: date, expiresIn },
  );
  if (signed.query?.['X-Amz-Signature'] !== url.searchParams.get('X-Amz-Signature')) return 'bad';
  return date.getTime() + expiresIn * 1000 < Date.now() ? 'expired' : 'ok';
}

function refuse(res: ServerResponse, code: string, message: string) {
  res.writeHead(403, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/**
 * An S3-compatible server in this process for tests: s3rver (files in a temporary folder) behind
 * a front that does what s3rver leaves out and a real bucket does: presigned URLs are checked
 * (signature and expiry), and anonymous requests may only read the bucket's `public/` folder.
 */
export async function startTestS3(bucket = 'portal-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();

  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(req, res);
      }, delayMs);
      timers.add(timer);
      return;
    }
    answer(req, res);
  });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const method = req.method ?? 'GET';
    if (url.searchParams.has('X-Amz-Signature')) {
      void checkPresigned(url, method).then((verdict) => {
        if (verdict === 'bad') refuse(res, 'SignatureDoesNotMatch', 'Signature does not match');
        else if (verdict === 'expired') refuse(res, 'AccessDenied', 'Request has expired');
        else handle(req, res);
      });
      return;
    }
    const anonymous = !req.headers.authorization;
    const publicRead =
      (method === 'GET' || method === 'HEAD') && url.pathname.startsWith(`/${bucket}/public/`);
    if (anonymous && !publicRead) return refuse(res, 'AccessDenied', 'Access Denied');
    handle(req, res);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: REGION,
    ...CREDENTIALS,
    slow: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
