import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { orders } from '../../db/schema/index';
import { openOrderTest, freshBuyer } from './orders-test-helpers';
import { paidOrder } from './payment-test-helpers';

type Headers = { authorization: string };

interface Notice {
  noticeContent: string;
  bizType: string;
  bizId: number | null;
  read: boolean;
}
interface Log {
  status: number;
  operation: string;
}

let t: TestApp;
let buyer: Headers;
let other: Headers;
let buyerId: number;
let roomIds: number[];

beforeAll(async () => {
  ({ t, buyer, other, buyerId, roomIds } = await openOrderTest(4));
});
afterAll(async () => t.dispose());
// One identity holds one live order at a time: each test books with a buyer of its own.
beforeEach(async () => {
  ({ headers: buyer, id: buyerId } = await freshBuyer(t.database.db));
  other = (await freshBuyer(t.database.db)).headers;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: buyer, payload });

/** The caller's notices as /myNotice reads them (newest first) and their total. */
async function noticesOf(headers: Headers): Promise<{ list: Notice[]; total: number }> {
  const response = await t.app.inject({ url: '/api/notices?pageSize=50', headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** The order's timeline as /myOrderDetails reads it (oldest first). */
async function timelineOf(orderId: number): Promise<Log[]> {
  const response = await t.app.inject({ url: `/api/orders/${orderId}`, headers: buyer });
  expect(response.statusCode).toBe(200);
  return response.json().data.logList;
}

/** How a notice names the order: its flat (project, building, unit, room), then its number. */
async function namedOf(orderId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ orderNo: orders.orderNo, houseName: orders.houseName, door: orders.door })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  expect(row.houseName.endsWith(row.door)).toBe(true);
  return `${row.houseName}订单（订单号${row.orderNo}）`;
}

/**
 * Runs one buyer action and checks what it leaves behind: exactly one new notice for the buyer,
 * the newest of /myNotice, about this order (bizType order, unread, with `notice` as its text),
 * none for anybody else, and one new timeline entry at the end of the order's logList.
 */
async function expectNoticeAndLog(
  orderId: number,
  act: () => Promise<{ statusCode: number; body: string }>,
  expected: { notice: string; operation: string; status: number },
) {
  const [noticesBefore, othersBefore, logsBefore] = await Promise.all([
    noticesOf(buyer),
    noticesOf(other),
    timelineOf(orderId),
  ]);
  const response = await act();
  expect(response.statusCode, response.body).toBe(200);

  const noticesAfter = await noticesOf(buyer);
  expect(noticesAfter.total).toBe(noticesBefore.total + 1);
  expect(noticesAfter.list[0]).toEqual(
    expect.objectContaining({
      noticeContent: expected.notice,
      bizType: 'order',
      bizId: orderId,
      read: false,
    }),
  );
  expect((await noticesOf(other)).total).toBe(othersBefore.total);

  const logsAfter = await timelineOf(orderId);
  expect(logsAfter).toHaveLength(logsBefore.length + 1);
  expect(logsAfter.at(-1)).toMatchObject({
    operation: expected.operation,
    status: expected.status,
  });
}

describe('every buyer action on an order writes a notice and a timeline entry', () => {
  it('cancel', async () => {
    const created = await post('/api/orders', { houseId: roomIds[0], agreed: true });
    const { id } = created.json().data as { id: number };
    await expectNoticeAndLog(
      id,
      () => post(`/api/orders/${id}/cancel`, { cancelReason: '资金未到位' }),
      {
        notice: `您的${await namedOf(id)}已取消。`,
        operation: '用户取消订单：资金未到位',
        status: 0,
      },
    );
  });

  it('delay', async () => {
    const id = await paidOrder(
      t.database.db,
      buyerId,
      roomIds[1] as number,
      new Date(Date.now() - 7 * DAY + 10 * HOUR),
    );
    await expectNoticeAndLog(id, () => post(`/api/orders/${id}/delay`, { reason: '贷款审批中' }), {
      notice: `您的${await namedOf(id)}已延期3天，锁定期顺延。`,
      operation: '申请延期，锁定期延长3天',
      status: 3,
    });
  });

  it('give up the delay', async () => {
    const id = await paidOrder(
      t.database.db,
      buyerId,
      roomIds[2] as number,
      new Date(Date.now() - 7 * DAY + 10 * HOUR),
    );
    await expectNoticeAndLog(
      id,
      () => post(`/api/orders/${id}/delay/give-up`, { remark: '按期办理网签' }),
      {
        notice: `您已放弃${await namedOf(id)}的延期，锁定期到期后房源将释放。`,
        operation: '放弃延期',
        status: 3,
      },
    );
  });

  it('refund application', async () => {
    const id = await paidOrder(
      t.database.db,
      buyerId,
      roomIds[3] as number,
      new Date(Date.now() - 2 * DAY),
    );
    await expectNoticeAndLog(
      id,
      () => post(`/api/orders/${id}/refund`, { refundIntention: 1, remark: '改买其他楼盘' }),
      {
        notice: `您的${await namedOf(id)}退款申请已提交，请等待审核。`,
        operation: '申请退还订约金（仅退款）',
        status: 4,
      },
    );
  });

  it('a refused action writes neither', async () => {
    const id = await paidOrder(
      t.database.db,
      buyerId,
      roomIds[0] as number,
      new Date(Date.now() - 2 * DAY),
    );
    const [noticesBefore, logsBefore] = await Promise.all([noticesOf(buyer), timelineOf(id)]);
    const refused = await post(`/api/orders/${id}/cancel`, { cancelReason: '不买了' });
    expect(refused.statusCode).toBe(409);
    const early = await post(`/api/orders/${id}/delay`, { reason: '太早了' });
    expect(early.json().code).toBe('60011');
    expect((await noticesOf(buyer)).total).toBe(noticesBefore.total);
    expect(await timelineOf(id)).toEqual(logsBefore);
  });
});
