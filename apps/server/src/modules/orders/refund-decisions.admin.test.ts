import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { useAdminTest } from '../admin/admin-test-helpers';

const c = useAdminTest();

const post = (url: string, payload?: object) => c.send('POST', url, payload);
const audit = (action: string, targetId: number) => c.lastAudit(action, targetId);
const latestNotice = async (userId: number) => (await c.noticesOf(userId))[0];

describe('refund decisions', () => {
  async function refundingOrder(skip: number) {
    const db = c.t.database.db;
    const [order] = await db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.payStatus, 3))
      .orderBy(orders.id)
      .offset(skip)
      .limit(1);
    await db
      .update(orders)
      .set({ payStatus: 4, refundStatus: 2, refundApplyTime: new Date(), refundIntention: 1 })
      .where(eq(orders.id, order?.id as number));
    return order as { id: number; userId: number };
  }

  it('confirms a refund: the order shows refunded and the buyer is told', async () => {
    const order = await refundingOrder(0);
    const response = await post(`/api/admin/orders/${order.id}/refund/confirm`);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await c.t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ payStatus: 5, refundStatus: 3 });
    expect((await latestNotice(order.userId))?.content).toMatch(/退还/);
    expect(await audit('order.refundConfirm', order.id)).toBeDefined();
    expect((await post(`/api/admin/orders/${order.id}/refund/confirm`)).statusCode).toBe(409);
  });

  it('rejects a refund with a reason', async () => {
    const order = await refundingOrder(0);
    const response = await post(`/api/admin/orders/${order.id}/refund/reject`, {
      reason: '已超过退款申请期限',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await c.t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ payStatus: 3, refundStatus: 4 });
    expect((await latestNotice(order.userId))?.content).toContain('已超过退款申请期限');
    expect((await audit('order.refundReject', order.id))?.after).toMatchObject({
      refundStatus: 4,
    });
  });
});
