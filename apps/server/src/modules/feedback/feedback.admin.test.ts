import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback, users } from '../../db/schema/index';
import { useAdminTest } from '../admin/admin-test-helpers';
import { bearerFor } from '../news/test-helpers';

const c = useAdminTest();

const post = (url: string, payload?: object) => c.send('POST', url, payload);
const audit = (action: string, targetId: number) => c.lastAudit(action, targetId);
const latestNotice = async (userId: number) => (await c.noticesOf(userId))[0];

describe('feedback replies', () => {
  it('replies with sanitised rich text the asker sees, with a notice and an audit entry', async () => {
    const db = c.t.database.db;
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
    const queue = await c.t.app.inject({
      url: '/api/admin/feedback?state=pending',
      headers: c.admin,
    });
    expect(queue.json().data.list.map((row: { id: number }) => row.id)).toContain(id);

    const response = await post(`/api/admin/feedback/${id}/reply`, {
      html: '<p><b>已转交物业</b><script>alert(1)</script></p>',
    });
    expect(response.statusCode).toBe(200);
    const buyer = await bearerFor(db, '13800000001');
    const detail = await c.t.app.inject({ url: `/api/feedback/${id}`, headers: buyer });
    expect(detail.json().data.reply).toContain('已转交物业');
    expect(detail.json().data.reply).not.toContain('script');
    expect((await latestNotice(user?.id as number))?.bizType).toBe('feedback');
    expect((await audit('feedback.reply', id))?.before).toMatchObject({ state: 'pending' });

    expect((await post(`/api/admin/feedback/${id}/reply`, { html: '<p> </p>' })).statusCode).toBe(
      400,
    );
  });
});
