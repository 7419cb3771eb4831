import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { adminAuditLog, feedback, notices, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  admin = await bearerFor(t.database.db, '13900000000');
});

afterAll(async () => {
  await t?.dispose();
});

function post(url: string, payload?: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: admin });
}

async function audit(action: string, targetId: number) {
  const [row] = await t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}

async function latestNotice(userId: number) {
  const [row] = await t.database.db
    .select({ content: notices.content, bizType: notices.bizType })
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id))
    .limit(1);
  return row;
}

describe('feedback replies', () => {
  it('replies with sanitised rich text the asker sees, with a notice and an audit entry', async () => {
    const db = t.database.db;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, '13800000001'));
    const [item] = await db
      .insert(feedback)
      .values({
        userId: user?.id as number,
        realname: '张先生',
        phone: '13800000001',
        title: '小区停车问题',
        content: '<p>请问何时开放地下车库？</p>',
      })
      .returning({ id: feedback.id });
    const id = item?.id as number;
    const queue = await t.app.inject({ url: '/api/admin/feedback?state=pending', headers: admin });
    expect(queue.json().data.list.map((row: { id: number }) => row.id)).toContain(id);

    const response = await post(`/api/admin/feedback/${id}/reply`, {
      html: '<p><b>已转交物业</b><script>alert(1)</script></p>',
    });
    expect(response.statusCode).toBe(200);
    const buyer = await bearerFor(db, '13800000001');
    const detail = await t.app.inject({ url: `/api/feedback/${id}`, headers: buyer });
    expect(detail.json().data.reply).toContain('已转交物业');
    expect(detail.json().data.reply).not.toContain('script');
    expect((await latestNotice(user?.id as number))?.bizType).toBe('feedback');
    expect((await audit('feedback.reply', id))?.before).toMatchObject({ state: 'pending' });

    expect((await post(`/api/admin/feedback/${id}/reply`, { html: '<p> </p>' })).statusCode).toBe(
      400,
    );
  });
});
