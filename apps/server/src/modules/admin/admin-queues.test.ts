import { beijingDate } from '@portal/shared/beijing-time';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { type AdminTestContext, multipartFile, openAdminTest } from './admin-test-helpers';

let c: AdminTestContext;

beforeAll(async () => {
  c = await openAdminTest();
});

afterAll(async () => {
  await c?.t.dispose();
});

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

describe('owner notices', () => {
  it('tells the buyer about a new receipt, audited', async () => {
    const db = c.t.database.db;
    const [order] = await db
      .select({ id: orders.id, userId: orders.userId, receipts: orders.receiptPaths })
      .from(orders)
      .where(eq(orders.payStatus, 5))
      .limit(1);
    const id = order?.id as number;
    const file = multipartFile('收据.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%receipt\n'));
    const response = await c.t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/files?kind=receipt`,
      headers: { ...c.admin, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(response.statusCode).toBe(200);
    const path = response.json().data.path as string;
    const [row] = await db
      .select({ receipts: orders.receiptPaths })
      .from(orders)
      .where(eq(orders.id, id));
    expect(row?.receipts).toContain(path);
    expect((await c.noticesOf(order?.userId as number))[0]).toMatchObject({
      bizType: 'order',
      content: expect.stringContaining('收据'),
    });
    const audit = await c.lastAudit('order.receipt', id);
    expect(audit?.before).toEqual({ receiptPaths: order?.receipts });
    expect(audit?.after).toEqual({ receiptPaths: [...(order?.receipts ?? []), path], path });

    const missing = multipartFile('收据.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n'));
    const unknown = await c.t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/99999999/files?kind=receipt',
      headers: { ...c.admin, 'content-type': missing.contentType },
      payload: missing.payload,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('tells a user the account is enabled again, audited', async () => {
    const db = c.t.database.db;
    const [user] = await db
      .insert(users)
      .values({ phone: '13700002222', disabled: true })
      .returning({ id: users.id });
    const id = user?.id as number;
    const enabled = await c.send('POST', `/api/admin/users/${id}/enable`);
    expect(enabled.statusCode).toBe(200);
    const [row] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, id));
    expect(row?.disabled).toBe(false);
    expect((await c.noticesOf(id))[0]?.content).toBe('您的账号已恢复使用。');
    const audit = await c.lastAudit('user.enable', id);
    expect(audit).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
    expect((await c.send('POST', `/api/admin/users/${id}/enable`)).statusCode).toBe(409);
  });
});

describe('users', () => {
  it('marks real-name verified, revokes it, and notifies the user', async () => {
    const db = c.t.database.db;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, '13800000002'));
    const id = user?.id as number;
    const bad = await c.send('POST', `/api/admin/users/${id}/realname`, {
      realName: '张三',
      idCard: '130302199003151235',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('身份证号码格式不正确');

    const ok = await c.send('POST', `/api/admin/users/${id}/realname`, {
      realName: '张三',
      idCard: '11010519491231002X',
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await db.select({ auth: users.realNameAuth }).from(users).where(eq(users.id, id));
    expect(row?.auth).toBe(true);
    expect((await c.noticesOf(id))[0]?.content).toMatch(/实名认证/);
    expect((await c.lastAudit('user.realname', id))?.after).toMatchObject({ realNameAuth: true });

    expect((await c.send('POST', `/api/admin/users/${id}/realname/revoke`)).statusCode).toBe(200);
    const [revoked] = await db
      .select({ auth: users.realNameAuth })
      .from(users)
      .where(eq(users.id, id));
    expect(revoked?.auth).toBe(false);
    expect((await c.noticesOf(id))[0]?.content).toMatch(/撤销/);
    const revokeAudit = await c.lastAudit('user.realnameRevoke', id);
    expect(revokeAudit).toMatchObject({
      actorId: c.adminId,
      targetType: 'user',
      before: { realNameAuth: true, realName: '张三' },
      after: { realNameAuth: false },
    });
    const again = await c.send('POST', `/api/admin/users/${id}/realname/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该用户尚未实名认证');
  });

  it('disabling an account ends its sessions at once; enabling lets it sign in again', async () => {
    const db = c.t.database.db;
    const [user] = await db
      .insert(users)
      .values({ phone: '13700009999' })
      .returning({ id: users.id });
    const id = user?.id as number;
    const own = await bearerFor(db, '13700009999');
    expect((await c.t.app.inject({ url: '/api/auth/me', headers: own })).statusCode).toBe(200);

    expect((await c.send('POST', `/api/admin/users/${id}/disable`)).statusCode).toBe(200);
    expect((await c.t.app.inject({ url: '/api/auth/me', headers: own })).statusCode).toBe(401);
    expect((await c.lastAudit('user.disable', id))?.after).toEqual({ disabled: true });
    expect((await c.noticesOf(id))[0]?.content).toMatch(/停用/);

    expect((await c.send('POST', `/api/admin/users/${c.adminId}/disable`)).statusCode).toBe(409);
    expect((await c.send('POST', `/api/admin/users/${id}/enable`)).statusCode).toBe(200);
    const again = await bearerFor(db, '13700009999');
    expect((await c.t.app.inject({ url: '/api/auth/me', headers: again })).statusCode).toBe(200);
  });

  it('finds users by phone with masked ID numbers', async () => {
    const response = await c.send('GET', '/api/admin/users?keyword=13800000001');
    const [row] = response.json().data.list;
    expect(row.phone).toBe('13800000001');
    expect(row.idCard).toMatch(/^\d{6}\*+\d{3}[\dX]$/);
  });
});
