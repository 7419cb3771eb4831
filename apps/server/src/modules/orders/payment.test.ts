import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { DEV_BANK_NOTIFY_SECRET } from '../../config/index';
import { bankSimTrades, notices, orderLogs, orders, rooms } from '../../db/schema/index';
import { signFields } from '../../integrations/bank/bank-signature';
import { createBankSimulator, settleSimTrade } from '../../integrations/bank/bank-simulator';
import { openOrderTest, freshBuyer } from './orders-test-helpers';
import { createOrder } from './orders.service';
import { NOTIFY_URL, payRecordOf } from './payment-test-helpers';
import { startPayment } from './payment.service';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let other: Headers;
let buyerId: number;
let roomIds: number[];

beforeAll(async () => {
  ({ t, buyer, other, buyerId, roomIds } = await openOrderTest(12));
});
afterAll(async () => t.dispose());
// One identity holds one live order at a time: each test books with a buyer of its own.
beforeEach(async () => {
  ({ headers: buyer, id: buyerId } = await freshBuyer(t.database.db));
  other = (await freshBuyer(t.database.db)).headers;
});

const MINUTE = 60_000;
const DAY = 86_400_000;
const inject = (method: 'GET' | 'POST', url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}
async function roomStatus(id: number) {
  const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
  return row?.saleStatus;
}
async function newOrder(room: number, headers: Headers = buyer): Promise<number> {
  const response = await inject('POST', '/api/orders', headers, { houseId: room, agreed: true });
  expect(response.statusCode).toBe(200);
  return response.json().data.id;
}
/** Starts the payment through the API; returns the simulator's trade number from the form. */
async function startPay(orderId: number): Promise<string> {
  const response = await inject('POST', `/api/orders/${orderId}/pay`, buyer, {});
  expect(response.statusCode).toBe(200);
  const { html } = response.json().data as { html: string };
  expect(html).toContain('<form method="post" action="/dev/bank/pay"');
  return /name="tradeNo" value="(SIM[0-9A-F]{12})"/.exec(html)?.[1] as string;
}
/** A correctly signed notification for the order's payment, with overrides. */
async function notification(orderId: number, overrides: Record<string, string | number> = {}) {
  const payment = await payRecordOf(t.database.db, orderId);
  const order = await orderRow(orderId);
  const fields = {
    outTradeNo: payment.outTradeNo,
    tradeNo: 'SIM0000000000AA',
    orderNo: order?.orderNo as string,
    amountFen: payment.amountFen,
    status: 'paid',
    notifyTime: new Date().toISOString(),
    nonce: 'abcdef0123456789',
    ...overrides,
  };
  return { ...fields, sign: signFields(fields, DEV_BANK_NOTIFY_SECRET) };
}
const notify = (body: object) => inject('POST', '/api/pay/notify', undefined, body);
const logsOf = (orderId: number) =>
  t.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId));

describe('bank simulator round trip', () => {
  it('pays through the simulator page, notifies, locks the room for 7 days and returns', async () => {
    const room = roomIds[0] as number;
    const id = await newOrder(room);
    const precheck = await inject('GET', `/api/orders/${id}/precheck`, buyer);
    expect(precheck.statusCode).toBe(200);
    const tradeNo = await startPay(id);
    const page = await inject('GET', `/dev/bank/pay?tradeNo=${tradeNo}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('模拟');
    const order = await orderRow(id);
    const yuan = (order?.lockMoney as number).toLocaleString('zh-CN', {
      minimumFractionDigits: 2,
    });
    expect(page.body).toContain(`¥${yuan}`);
    expect(page.body).toContain('支付成功');
    expect(page.body).toContain('支付失败');

    const done = await t.app.inject({
      method: 'POST',
      url: `/dev/bank/pay/${tradeNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=paid',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/myOrderDetails?id=${id}`);
    const paid = await orderRow(id);
    expect(paid).toMatchObject({ payStatus: 3, otherOrderNo: tradeNo });
    expect((paid?.expireTime as Date).getTime() - (paid?.payTime as Date).getTime()).toBe(7 * DAY);
    expect(paid?.lockTime).toEqual(paid?.payTime);
    expect(await roomStatus(room)).toBe('blue');
    expect((await payRecordOf(t.database.db, id)).status).toBe('paid');
    const [trade] = await t.database.db
      .select()
      .from(bankSimTrades)
      .where(eq(bankSimTrades.tradeNo, tradeNo));
    expect(trade).toMatchObject({ status: 'paid', notifyAttempts: 1 });
    expect(trade?.notifiedAt).not.toBeNull();
    const steps = (await logsOf(id)).map((log) => log.step);
    expect(steps).toEqual(expect.arrayContaining([1, 2, 3]));
    const detail = (await inject('GET', `/api/orders/${id}`, buyer)).json().data;
    expect(detail.stepList[3].operateTime).toBeNull();
    expect(detail.countDown).toBeGreaterThan(6 * 86_400);
    const again = await inject('GET', `/api/orders/${id}/precheck`, buyer);
    expect(again.json()).toMatchObject({ code: '60005' });
    expect((await inject('POST', `/api/orders/${id}/pay`, buyer, {})).statusCode).toBe(409);
  });

  it('a failed payment closes the order (6) and frees the room', async () => {
    const room = roomIds[1] as number;
    const id = await newOrder(room);
    const tradeNo = await startPay(id);
    const done = await t.app.inject({
      method: 'POST',
      url: `/dev/bank/pay/${tradeNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=failed',
    });
    expect(done.statusCode).toBe(303);
    expect((await orderRow(id))?.payStatus).toBe(6);
    expect(await roomStatus(room)).toBe('green');
    expect((await logsOf(id)).map((log) => log.status)).toEqual([1, 6]);
  });

  it('reuses one bank trade for repeated payment attempts', async () => {
    const id = await newOrder(roomIds[2] as number);
    const first = await startPay(id);
    const second = await startPay(id);
    expect(second).toBe(first);
  });

  it('can force a test amount', async () => {
    const room = roomIds[3] as number;
    const { id } = await createOrder(t.database.db, buyerId, { houseId: room, agreed: true });
    await startPayment(t.database.db, createBankSimulator(t.database.db), {
      userId: buyerId,
      orderId: id,
      notifyUrl: NOTIFY_URL,
      testAmountFen: 1,
    });
    expect((await payRecordOf(t.database.db, id)).amountFen).toBe(1);
  });
});

describe('payment notification', () => {
  it('refuses a wrong signature, amount, order or trade', async () => {
    const id = await newOrder(roomIds[4] as number);
    await startPay(id);
    const good = await notification(id);
    const tampered = await notify({ ...good, amountFen: good.amountFen + 1 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('60007');
    const wrongAmount = await notify(await notification(id, { amountFen: 1 }));
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().code).toBe('60008');
    const wrongOrder = await notify(await notification(id, { orderNo: 'DJ000' }));
    expect(wrongOrder.statusCode).toBe(404);
    expect(wrongOrder.json().code).toBe('60009');
    const unknown = await notify(await notification(id, { outTradeNo: 'PNOPE' }));
    expect(unknown.statusCode).toBe(404);
    const malformed = await notify({ outTradeNo: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect((await orderRow(id))?.payStatus).toBe(1);
  });

  it('changes the order once under 10 repeats, and a later failure changes nothing', async () => {
    const room = roomIds[5] as number;
    const id = await newOrder(room);
    await startPay(id);
    const body = await notification(id);
    const results = await Promise.all(Array.from({ length: 10 }, () => notify(body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const failed = await notify(await notification(id, { status: 'failed' }));
    expect(failed.statusCode).toBe(200);
    expect((await orderRow(id))?.payStatus).toBe(3);
    expect(await roomStatus(room)).toBe('blue');
    const logs = await logsOf(id);
    expect(logs.filter((log) => log.step === 2)).toHaveLength(1);
    expect(logs.filter((log) => log.status === 6)).toHaveLength(0);
    const sent = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.bizType, 'order'), eq(notices.bizId, id)));
    expect(sent).toHaveLength(3);
  });

  it('keeps a failure final when a paid notice arrives after it', async () => {
    const room = roomIds[6] as number;
    const id = await newOrder(room);
    await startPay(id);
    await notify(await notification(id, { status: 'failed' }));
    await notify(await notification(id, { status: 'paid' }));
    expect((await orderRow(id))?.payStatus).toBe(6);
    expect(await roomStatus(room)).toBe('green');
    expect((await payRecordOf(t.database.db, id)).status).toBe('failed');
  });

  it('records money that arrives after the order timed out and sends it back (refund pending)', async () => {
    const room = roomIds[7] as number;
    const created = new Date(Date.now() - 40 * MINUTE);
    const { id } = await createOrder(
      t.database.db,
      buyerId,
      { houseId: room, agreed: true },
      created,
    );
    await startPayment(
      t.database.db,
      createBankSimulator(t.database.db),
      { userId: buyerId, orderId: id, notifyUrl: NOTIFY_URL },
      created,
    );
    const precheck = await inject('GET', `/api/orders/${id}/precheck`, buyer);
    expect(precheck.statusCode).toBe(409);
    expect(precheck.json()).toMatchObject({
      code: '60005',
      message: '当前房源锁定失败，无法创建网签信息',
    });
    expect((await orderRow(id))?.payStatus).toBe(2);
    expect((await notify(await notification(id))).statusCode).toBe(200);
    const row = await orderRow(id);
    expect(row).toMatchObject({ payStatus: 4, refundStatus: 2, refundIntention: 2 });
    expect(row?.lockReleasedAt).not.toBeNull();
    expect(await roomStatus(room)).toBe('green');
    expect((await payRecordOf(t.database.db, id)).status).toBe('paid');
  });
});

describe('pay-status query', () => {
  it('asks the bank and applies a result whose notification never came', async () => {
    const room = roomIds[8] as number;
    const id = await newOrder(room);
    const tradeNo = await startPay(id);
    const before = await inject('GET', `/api/orders/${id}/pay-status`, buyer);
    expect(before.json().data).toEqual({ payStatus: 1, paymentStatus: 'pending' });
    expect(await settleSimTrade(t.database.db, tradeNo, 'paid')).toBe(true);
    const after = await inject('GET', `/api/orders/${id}/pay-status`, buyer);
    expect(after.json().data).toEqual({ payStatus: 3, paymentStatus: 'paid' });
    expect(await roomStatus(room)).toBe('blue');
    const repeat = await inject('GET', `/api/orders/${id}/pay-status`, buyer);
    expect(repeat.json().data.payStatus).toBe(3);
    expect((await logsOf(id)).filter((log) => log.step === 2)).toHaveLength(1);
  });

  it('answers none for an order that was never sent to the bank', async () => {
    const id = await newOrder(roomIds[9] as number);
    const response = await inject('GET', `/api/orders/${id}/pay-status`, buyer);
    expect(response.json().data).toEqual({ payStatus: 1, paymentStatus: 'none' });
  });
});

describe('owner only', () => {
  it('answers 404 to another user on every order endpoint, 401 without a session', async () => {
    const id = await newOrder(roomIds[10] as number);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', `/api/orders/${id}`],
      ['GET', `/api/orders/${id}/precheck`],
      ['POST', `/api/orders/${id}/pay`, {}],
      ['GET', `/api/orders/${id}/pay-status`],
      ['POST', `/api/orders/${id}/cancel`, { cancelReason: '不买了' }],
      ['POST', `/api/orders/${id}/delay`, { reason: '等待贷款审批' }],
      ['POST', `/api/orders/${id}/delay/give-up`, {}],
      ['POST', `/api/orders/${id}/refund`, { refundIntention: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const response = await inject(method, url, other, body);
      expect(response.statusCode, url).toBe(404);
      expect((await t.app.inject({ method, url, payload: body })).statusCode, url).toBe(401);
    }
    expect((await orderRow(id))?.payStatus).toBe(1);
    expect((await payRecordOf(t.database.db, id).catch(() => null)) === null).toBe(true);
  });
});
