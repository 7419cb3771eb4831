import type { SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { createUser } from '../src/modules/auth/auth-test-helpers';
import { bearerFor } from '../src/modules/news/test-helpers';
import { createTestApp, type TestApp } from './app';

/** Who makes a call in the access-control matrix. */
export type Caller = 'anonymous' | 'buyer' | 'other' | 'spare' | 'operator';

/** The seeded city and the people the matrix calls the API as. */
export interface AccessContext {
  t: TestApp;
  /** Bearer tokens: the verified demo buyer (owner of personal resources), another citizen
   * with resources of their own, a spare citizen for the calls that end sessions, an operator. */
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  userIds: Record<Exclude<Caller, 'anonymous'>, number>;
  jpeg: Buffer;
  png: Buffer;
  /** Rows of a query on the primary database. */
  rows<T>(query: SQL): Promise<T[]>;
  /** One value of the first row of a query; throws when there is none (a fixture bug). */
  one<T>(query: SQL): Promise<T>;
}

/** The call a fixture makes as the owner: a concrete URL and what to send. */
export interface OwnerCall {
  url: string;
  payload?: unknown;
  /** A file to send as multipart field `file` instead of a JSON payload. */
  file?: { name: string; type: string; bytes: Buffer };
  /** The owner, when not the default (the buyer for personal routes, an operator for admin). */
  as?: Exclude<Caller, 'anonymous'>;
  /**
   * The body or query names the owner's own resources (not the path): another citizen sending
   * the same call must be refused too, like a foreign id in the path.
   */
  namesOwnResources?: boolean;
}

/** Sets up what the owner needs (a resource in the right state) and names the call. */
export type OwnerFixture = (ctx: AccessContext) => Promise<OwnerCall>;

/** A multipart body with one `file` part. */
export function multipartBody(file: NonNullable<OwnerCall['file']>) {
  const boundary = `----access${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The inject options of a call made as `caller`. */
export function requestOf(
  ctx: AccessContext,
  method: string,
  call: OwnerCall,
  caller: Caller,
): InjectOptions {
  const headers: Record<string, string> = {};
  if (caller !== 'anonymous') headers.authorization = `Bearer ${ctx.tokens[caller]}`;
  const options: InjectOptions = { method: method as InjectOptions['method'], url: call.url };
  if (call.file) {
    const body = multipartBody(call.file);
    headers['content-type'] = body.contentType;
    options.payload = body.payload;
  } else if (method !== 'GET' && method !== 'DELETE') {
    options.payload = (call.payload ?? {}) as InjectOptions['payload'];
  }
  options.headers = headers;
  return options;
}

/** A seeded city at a small scale with the four callers signed in. */
export async function openAccessContext(): Promise<AccessContext> {
  const t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  const rows = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T>(query: SQL) => {
    const [row] = await rows<Record<string, T>>(query);
    if (!row) throw new Error('access fixture: no row');
    return Object.values(row)[0] as T;
  };
  const phones = {
    buyer: '13800000001',
    other: '13800000002',
    operator: '13900000000',
    spare: '13700007001',
  } as const;
  await createUser(db, phones.spare);
  const tokens = {} as AccessContext['tokens'];
  const userIds = {} as AccessContext['userIds'];
  for (const [caller, phone] of Object.entries(phones) as [keyof typeof phones, string][]) {
    tokens[caller] = (await bearerFor(db, phone)).authorization.replace('Bearer ', '');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${tokens[caller]}` },
    });
    userIds[caller] = me.json().data.userId;
  }
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a8' } });
  return {
    t,
    tokens,
    userIds,
    jpeg: await picture.clone().jpeg().toBuffer(),
    png: await picture.clone().png().toBuffer(),
    rows,
    one,
  };
}
