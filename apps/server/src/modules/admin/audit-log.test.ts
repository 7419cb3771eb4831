import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestContext, openAdminTest } from './admin-test-helpers';

let c: AdminTestContext;

/** Operator actions of several kinds, so the log has entries to filter. */
beforeAll(async () => {
  c = await openAdminTest();
  const created = await c.send('POST', '/api/admin/news', {
    newsType: 1,
    title: '关于规范商品房预售的通知',
    content: '<p>正文</p>',
  });
  const id = created.json().data.id as number;
  await c.send('POST', `/api/admin/news/${id}/publish`);
  await c.send('POST', `/api/admin/news/${id}/withdraw`);
  const settings = (await c.send('GET', '/api/admin/site-settings')).json().data;
  await c.send('PUT', '/api/admin/site-settings', {
    ...settings,
    title: '秦皇岛房地产交易服务平台',
  });
  const users = (await c.send('GET', '/api/admin/users?role=user&pageSize=1')).json().data;
  const userId = users.list[0].id as number;
  await c.send('POST', `/api/admin/users/${userId}/disable`);
  await c.send('POST', `/api/admin/users/${userId}/enable`);
});

afterAll(async () => {
  await c?.t.dispose();
});

describe('audit log', () => {
  it('filters by action, target and date range, newest first', async () => {
    const all = await c.send('GET', '/api/admin/audit?pageSize=100');
    expect(all.json().data.total).toBeGreaterThan(5);
    const byAction = await c.send('GET', '/api/admin/audit?action=news.publish');
    expect(
      byAction.json().data.list.every((e: { action: string }) => e.action === 'news.publish'),
    ).toBe(true);
    expect(byAction.json().data.list[0].actorPhone).toBe('13900000000');
    const byTarget = await c.send('GET', '/api/admin/audit?targetType=user');
    expect(
      byTarget.json().data.list.every((e: { targetType: string }) => e.targetType === 'user'),
    ).toBe(true);
    const future = await c.send('GET', '/api/admin/audit?from=2999-01-01');
    expect(future.json().data.total).toBe(0);
    const bad = await c.send('GET', '/api/admin/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });
});
