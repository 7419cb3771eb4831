import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { notices, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let other: Headers;
let buyerId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  other = await bearerFor(t.database.db, '13800000002');
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, '13800000001'));
  buyerId = row?.id as number;
  const base = Date.now();
  await t.database.db.insert(notices).values(
    Array.from({ length: 12 }, (_, i) => ({
      userId: buyerId,
      content: `系统消息${i}`,
      bizType: 'system',
      createdAt: new Date(base + (i + 1) * 1000),
    })),
  );
});
afterAll(async () => t.dispose());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: {} });

describe('my notices', () => {
  it('lists only my notices, newest first, 10 per page', async () => {
    const mine = await t.database.db.select().from(notices).where(eq(notices.userId, buyerId));
    const page = (await get('/api/notices', buyer)).json().data;
    expect(page).toMatchObject({ total: mine.length, pageNum: 1, pageSize: 10 });
    expect(page.list).toHaveLength(10);
    expect(page.list[0]).toMatchObject({ noticeContent: '系统消息11', bizType: 'system' });
    const times = page.list.map((n: { createdTime: string }) => n.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await get('/api/notices?pageNum=2', buyer)).json().data;
    expect(page2.list[0].noticeContent).toBe('系统消息1');
    const order = mine.find((n) => n.bizType === 'order');
    expect(order?.bizId).toBeTypeOf('number');
    expect((await t.app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
    expect((await get('/api/notices?pageSize=500', buyer)).statusCode).toBe(400);
  });

  it('counts unread notices and marks them read, only my own', async () => {
    const before = (await get('/api/notices/unread-count', buyer)).json().data.count;
    expect(before).toBeGreaterThanOrEqual(12);
    const [first] = (await get('/api/notices', buyer)).json().data.list;
    expect(first.read).toBe(false);
    expect((await post(`/api/notices/${first.id}/read`, other)).statusCode).toBe(404);
    expect((await get('/api/notices/unread-count', buyer)).json().data.count).toBe(before);
    expect((await post(`/api/notices/${first.id}/read`, buyer)).statusCode).toBe(200);
    expect((await post(`/api/notices/${first.id}/read`, buyer)).statusCode).toBe(200);
    expect((await get('/api/notices/unread-count', buyer)).json().data.count).toBe(before - 1);
    const all = (await post('/api/notices/read-all', buyer)).json().data;
    expect(all.count).toBe(before - 1);
    expect((await get('/api/notices/unread-count', buyer)).json().data.count).toBe(0);
    expect((await post('/api/notices/999999/read', buyer)).statusCode).toBe(404);
  });
});
