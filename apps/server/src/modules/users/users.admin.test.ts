import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useAdminTest } from '../admin/admin-test-helpers';
import { bearerFor } from '../news/test-helpers';

const c = useAdminTest();

describe('owner notices', () => {
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
