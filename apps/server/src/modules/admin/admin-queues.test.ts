import { beijingDate } from '@portal/shared/beijing-time';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index';
import { useAdminTest } from './admin-test-helpers';

const c = useAdminTest();

describe('dashboard links into filtered queues', () => {
  it('counts today’s orders per status exactly as the filtered order search finds them', async () => {
    const db = c.t.database.db;
    const some = await db.select({ id: orders.id }).from(orders).orderBy(orders.id).limit(4);
    await db
      .update(orders)
      .set({ createdAt: new Date() })
      .where(
        inArray(
          orders.id,
          some.map((o) => o.id),
        ),
      );
    const dashboard = (await c.send('GET', '/api/admin/dashboard')).json().data;
    expect(dashboard.today).toBe(beijingDate(new Date()));
    expect(dashboard.todayOrderTotal).toBeGreaterThanOrEqual(4);

    const today = `createdFrom=${dashboard.today}&createdTo=${dashboard.today}`;
    const all = await c.send('GET', `/api/admin/orders?${today}`);
    expect(all.json().data.total).toBe(dashboard.todayOrderTotal);
    for (const row of dashboard.todayOrders as Array<{ payStatus: number; count: number }>) {
      const byStatus = await c.send('GET', `/api/admin/orders?${today}&payStatus=${row.payStatus}`);
      expect(byStatus.json().data.total, `pay status ${row.payStatus}`).toBe(row.count);
      expect(
        byStatus
          .json()
          .data.list.every((o: { payStatus: number }) => o.payStatus === row.payStatus),
      ).toBe(true);
    }
    const yesterday = await c.send(
      'GET',
      '/api/admin/orders?createdFrom=2000-01-01&createdTo=2000-01-01',
    );
    expect(yesterday.json().data.total).toBe(0);

    const pending = await c.send('GET', '/api/admin/orders?refundStatus=2');
    expect(pending.json().data.total).toBe(dashboard.refundsPending);
    const failed = await c.send('GET', '/api/admin/orders?payStatus=7');
    expect(failed.json().data.total).toBe(dashboard.refundsFailed);
  });

  it('refuses a date that is not a calendar day, in Chinese', async () => {
    for (const bad of ['2026-02-30', 'today', '2026/03/01']) {
      const response = await c.send('GET', `/api/admin/orders?createdFrom=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toContain('日期格式应为 yyyy-MM-dd');
    }
  });

  it('counts today’s new users exactly as the filtered user search finds them', async () => {
    await c.t.database.db.insert(users).values({ phone: '13700001111' });
    const dashboard = (await c.send('GET', '/api/admin/dashboard')).json().data;
    expect(dashboard.newUsersToday).toBeGreaterThanOrEqual(1);
    const found = await c.send(
      'GET',
      `/api/admin/users?createdFrom=${dashboard.today}&createdTo=${dashboard.today}&pageSize=100`,
    );
    expect(found.json().data.total).toBe(dashboard.newUsersToday);
    expect(found.json().data.list.map((u: { phone: string }) => u.phone)).toContain('13700001111');
  });
});
