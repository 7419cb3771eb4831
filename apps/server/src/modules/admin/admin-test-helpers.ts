import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { adminAuditLog, notices, users } from '../../db/schema/index';
import { createProjectReadCache, releaseProjectReadCache } from '../../lib/read-cache';
import { bearerFor } from '../news/test-helpers';

type InjectResponse = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A seeded test app signed in as the demo operator, with the lookups console tests share. */
export interface AdminTestContext {
  t: TestApp;
  admin: { authorization: string };
  adminId: number;
  send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<InjectResponse>;
  /** The newest audit entry of an action on one target. */
  lastAudit(
    action: string,
    targetId: number,
  ): Promise<typeof adminAuditLog.$inferSelect | undefined>;
  /** A user's notices, newest first. */
  noticesOf(userId: number): Promise<Array<{ content: string; bizType: string }>>;
}

/** Opens a fresh app on a small demo city (scale 0.05) for one console test file. */
export async function openAdminTest(): Promise<AdminTestContext> {
  const t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  const admin = await bearerFor(db, '13900000000');
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13900000000'));
  return {
    t,
    admin,
    adminId: row?.id as number,
    send: async (method, url, payload) => t.app.inject({ method, url, payload, headers: admin }),
    lastAudit: async (action, targetId) => {
      const [entry] = await db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
        .orderBy(desc(adminAuditLog.id))
        .limit(1);
      return entry;
    },
    noticesOf: (userId) =>
      db
        .select({ content: notices.content, bizType: notices.bizType })
        .from(notices)
        .where(eq(notices.userId, userId))
        .orderBy(desc(notices.id)),
  };
}

/**
 * Opens the console test app before a test file's tests and disposes of it after them: the
 * returned context is filled in once the file's `beforeAll` has run.
 */
export function useAdminTest(): AdminTestContext {
  const context = {} as AdminTestContext;
  beforeAll(async () => {
    Object.assign(context, await openAdminTest());
  });
  afterAll(async () => {
    await context.t?.dispose();
  });
  return context;
}

/** A multipart body with one file field `file`, for the console's upload endpoints. */
export function multipartFile(
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; contentType: string } {
  const boundary = '----admin-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts one file (a small PNG unless given) to an operator upload endpoint as the operator. */
export function postFile(
  c: AdminTestContext,
  url: string,
  file = multipartFile('封面.png', 'image/png', TINY_PNG),
): Promise<InjectResponse> {
  return c.t.app.inject({
    method: 'POST',
    url,
    headers: { ...c.admin, 'content-type': file.contentType },
    payload: file.payload,
  });
}

/** The keys stored under a prefix of the public storage. */
export async function storedKeys(c: AdminTestContext, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of c.t.app.storage.list('public', prefix)) keys.push(object.key);
  return keys;
}

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Runs `action` and answers whether it emptied the cached public project reads: a probe entry
 * stored before must be loaded again after.
 */
export async function emptiesProjectReads(action: () => Promise<unknown>): Promise<boolean> {
  const probe = createProjectReadCache();
  try {
    await probe.get('probe', async () => 'before');
    await action();
    return (await probe.get('probe', async () => 'after')) === 'after';
  } finally {
    releaseProjectReadCache(probe);
  }
}
