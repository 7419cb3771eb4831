import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { news, siteSettings, users } from '../db/schema/index';
import type { Visibility } from '../integrations/storage/index';
import { multipart, testImage } from '../modules/listings/listings-test-helpers';
import { bearerFor } from '../modules/news/test-helpers';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './file-sweeper';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let admin: Headers;
let jpeg: Buffer;
const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60 * 60_000);

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
  jpeg = await testImage('jpeg');
});
afterAll(async () => t.dispose());

async function post(url: string, headers: Headers, name = 'a.jpg', bytes = jpeg) {
  const body = multipart([
    { name, bytes, type: name.endsWith('.pdf') ? 'application/pdf' : undefined },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
}

async function keysOf(visibility: Visibility, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of t.app.storage.list(visibility, prefix)) keys.push(item.key);
  return keys.sort();
}

const has = (visibility: Visibility, key: string) => t.app.storage.exists(visibility, key);

describe('the sweeper of unattached uploads', () => {
  const kept: Array<[Visibility, string]> = [];
  const orphans: Array<[Visibility, string]> = [];
  let seedPublic: string[];
  let seedPrivate: string[];

  beforeAll(async () => {
    const db = t.database.db;
    seedPublic = await keysOf('public', 'seed/');
    seedPrivate = await keysOf('private', 'seed/');

    orphans.push(['public', (await post('/api/listings/uploads?kind=house', buyer)).path]);
    orphans.push(['private', (await post('/api/listings/uploads?kind=idcard', buyer)).path]);

    const firstAvatar = (await post('/api/users/me/avatar', buyer)).path as string;
    const avatar = (await post('/api/users/me/avatar', buyer)).path as string;
    expect(await has('public', firstAvatar)).toBe(false);
    kept.push(['public', avatar], ['public', avatar.replace('-200.jpg', '-48.jpg')]);
    const [me] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, '13800000001'));
    const staleAvatar = `avatar/${me?.id}/0123456789abcdef-100.jpg`;
    await t.app.storage.put('public', staleAvatar, jpeg, 'image/jpeg');
    orphans.push(['public', staleAvatar]);

    orphans.push(['private', (await post('/api/listings/report-photos', buyer)).path]);

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: buyer,
      payload: { channel: 'service' },
    });
    const conversation = started.json().data.id as number;
    kept.push([
      'public',
      (await post(`/api/chat/conversations/${conversation}/images`, buyer)).body,
    ]);
    await t.app.storage.put('public', `chat/${conversation}/00ff.jpg`, jpeg, 'image/jpeg');
    orphans.push(['public', `chat/${conversation}/00ff.jpg`]);

    const inArticle = (await post('/api/admin/uploads?kind=image', admin)).path as string;
    const [article] = await db.select({ id: news.id }).from(news).limit(1);
    await db
      .update(news)
      .set({ content: sql`${news.content} || ${`<p><img src="/oss/app/${inArticle}"></p>`}` })
      .where(eq(news.id, article?.id as number));
    const logo = (await post('/api/admin/site-settings/logo', admin)).path as string;
    await db.update(siteSettings).set({ logo });
    kept.push(['public', inArticle], ['public', logo]);
    orphans.push(['public', (await post('/api/admin/uploads?kind=image', admin)).path]);

    const orders = await t.app.inject({ url: '/api/orders', headers: buyer });
    const orderId = orders.json().data.list[0].id as number;
    const pdf = Buffer.from('%PDF-1.4\n');
    const invoice = await post(
      `/api/admin/orders/${orderId}/files?kind=invoice`,
      admin,
      'i.pdf',
      pdf,
    );
    kept.push(['private', invoice.path]);
    await t.app.storage.put('private', `order/${orderId}/abandoned.pdf`, pdf, 'application/pdf');
    orphans.push(['private', `order/${orderId}/abandoned.pdf`]);
  });

  it('leaves everything alone within the grace period', async () => {
    expect(await sweepOrphanFiles(t.database.db, t.app.storage)).toBe(0);
    for (const [visibility, key] of orphans) expect(await has(visibility, key), key).toBe(true);
  });

  it('then deletes exactly the uploads no record refers to', async () => {
    const deleted = await sweepOrphanFiles(t.database.db, t.app.storage, later());
    expect(deleted).toBe(orphans.length);
    for (const [visibility, key] of orphans) expect(await has(visibility, key), key).toBe(false);
    for (const [visibility, key] of kept) expect(await has(visibility, key), key).toBe(true);
    expect(await keysOf('public', 'seed/')).toEqual(seedPublic);
    expect(await keysOf('private', 'seed/')).toEqual(seedPrivate);
  });

  it('may run in several instances at once and again without harm', async () => {
    const stray = (await post('/api/listings/uploads?kind=certificate', buyer)).path as string;
    const runs = await Promise.all([
      sweepOrphanFiles(t.database.db, t.app.storage, later()),
      sweepOrphanFiles(t.database.db, t.app.storage, later()),
    ]);
    expect(runs.every((count) => count <= 1)).toBe(true);
    expect(await has('private', stray)).toBe(false);
    expect(await sweepOrphanFiles(t.database.db, t.app.storage, later())).toBe(0);
    for (const [visibility, key] of kept) expect(await has(visibility, key), key).toBe(true);
  });
});
