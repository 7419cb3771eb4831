import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEV_BANK_NOTIFY_SECRET } from '../../config/index';
import { orders, rooms, users } from '../../db/schema/index';
import type { BankGateway, BankTradeQueryResult } from '../../integrations/bank/bank-gateway';
import { signFields } from '../../integrations/bank/bank-signature';
import { createBankSimulator, settleSimTrade } from '../../integrations/bank/bank-simulator';
import { bearerFor } from '../news/test-helpers';
import { expireUnpaidOrders } from './order-expiry';
import { greenRoomIds, freshBuyer } from './orders-test-helpers';
import { createOrder } from './orders.service';
import { reconcilePayment } from './payment-status.service';
import { NOTIFY_URL, payRecordOf } from './payment-test-helpers';
import { startPayment } from './payment.service';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let buyerId: number;
let roomIds: number[];

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, '13800000001'));
  buyerId = row?.id as number;
  roomIds = await greenRoomIds(t.database.db, 6);
});
afterAll(async () => t.dispose());
// One identity holds one live order at a time: each test books with a buyer of its own.
beforeEach(async () => {
  ({ headers: buyer, id: buyerId } = await freshBuyer(t.database.db));
});

const MINUTE = 60_000;

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}
async function roomStatus(id: number) {
  const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
  return row?.saleStatus;
}
const payStatusOf = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/orders/${id}/pay-status`, headers: buyer })
  ).json().data;

/** An order of the demo buyer created at `at`, sent to the bank simulator; returns its ids. */
async function orderAtBank(room: number, at = new Date()) {
  const db = t.database.db;
  const { id } = await createOrder(db, buyerId, { houseId: room, agreed: true }, at);
  const html = (
    await startPayment(
      db,
      createBankSimulator(db),
      { userId: buyerId, orderId: id, notifyUrl: NOTIFY_URL },
      at,
    )
  ).html;
  const tradeNo = /name="tradeNo" value="(SIM[0-9A-F]{12})"/.exec(html)?.[1] as string;
  return { id, tradeNo };
}

/** A bank whose trade query answers `answer` (a real bank may leave fields out). */
function bankAnswering(answer: BankTradeQueryResult): BankGateway {
  return {
    ...createBankSimulator(t.database.db),
    query: async () => answer,
  };
}

describe('pay-status query answers', () => {
  it('never applies a paid answer that carries no amount', async () => {
    const room = roomIds[0] as number;
    const { id, tradeNo } = await orderAtBank(room);
    const bank = bankAnswering({ status: 'paid', tradeNo, amountFen: null });
    const answer = await reconcilePayment(t.database.db, bank, buyerId, id);
    expect(answer).toEqual({ payStatus: 1, paymentStatus: 'pending' });
    expect((await orderRow(id))?.payStatus).toBe(1);
    expect(await roomStatus(room)).toBe('yellow');
    const payment = await payRecordOf(t.database.db, id);
    const withAmount = bankAnswering({ status: 'paid', tradeNo, amountFen: payment.amountFen });
    expect(await reconcilePayment(t.database.db, withAmount, buyerId, id)).toEqual({
      payStatus: 3,
      paymentStatus: 'paid',
    });
  });
});

describe('payments of orders that close unpaid', () => {
  it('closes the pending payment when the buyer cancels; pay-status stops reporting pending', async () => {
    const { id } = await orderAtBank(roomIds[1] as number);
    expect(await payStatusOf(id)).toEqual({ payStatus: 1, paymentStatus: 'pending' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/cancel`,
      headers: buyer,
      payload: { cancelReason: '改买别处' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await payRecordOf(t.database.db, id)).status).toBe('closed');
    expect(await payStatusOf(id)).toEqual({ payStatus: 0, paymentStatus: 'closed' });
  });

  it('closes it when the order times out, and money the bank still takes goes to refund', async () => {
    const room = roomIds[2] as number;
    const created = new Date(Date.now() - 40 * MINUTE);
    const { id, tradeNo } = await orderAtBank(room, created);
    expect(await expireUnpaidOrders(t.database.db, new Date(), { roomId: room })).toBe(1);
    expect((await payRecordOf(t.database.db, id)).status).toBe('closed');
    expect(await payStatusOf(id)).toEqual({ payStatus: 2, paymentStatus: 'closed' });
    // The buyer still pays in the bank's page: the pay-status query finds the money.
    expect(await settleSimTrade(t.database.db, tradeNo, 'paid')).toBe(true);
    expect(await payStatusOf(id)).toEqual({ payStatus: 4, paymentStatus: 'paid' });
    expect(await orderRow(id)).toMatchObject({ refundStatus: 2, refundIntention: 2 });
    expect(await roomStatus(room)).toBe('green');
  });
});

describe('notification signature', () => {
  /** The notification of a paid trade, signed over `fields` exactly as they will be sent. */
  async function signedNotice(id: number, amount: string | number) {
    const payment = await payRecordOf(t.database.db, id);
    const order = await orderRow(id);
    const fields = {
      outTradeNo: payment.outTradeNo,
      tradeNo: 'SIM0000000000BB',
      orderNo: order?.orderNo as string,
      amountFen: amount,
      status: 'paid',
      notifyTime: new Date().toISOString(),
      nonce: 'fedcba9876543210',
    };
    return { ...fields, sign: signFields(fields, DEV_BANK_NOTIFY_SECRET) };
  }
  const notify = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/pay/notify', payload });

  it('is checked over the fields as received, before any number is read', async () => {
    const { id } = await orderAtBank(roomIds[3] as number);
    const amountFen = (await payRecordOf(t.database.db, id)).amountFen;
    // Signed over "500000"; the same amount re-written as "0500000" is no longer what was signed.
    const signed = await signedNotice(id, String(amountFen));
    const rewritten = await notify({ ...signed, amountFen: `0${amountFen}` });
    expect(rewritten.statusCode).toBe(400);
    expect(rewritten.json().code).toBe('60007');
    const asNumber = await notify({ ...signed, amountFen });
    expect(asNumber.statusCode).toBe(200);
    expect((await orderRow(id))?.payStatus).toBe(3);
  });

  it('accepts what the bank signed even when it is not in canonical number form', async () => {
    const { id } = await orderAtBank(roomIds[4] as number);
    const amountFen = (await payRecordOf(t.database.db, id)).amountFen;
    const padded = await signedNotice(id, `0${amountFen}`);
    const accepted = await notify(padded);
    expect(accepted.statusCode).toBe(200);
    expect((await orderRow(id))?.payStatus).toBe(3);
    const extra = await signedNotice(id, amountFen);
    const withField = await notify({ ...extra, channel: 'b2c' });
    expect(withField.json().code).toBe('60007');
  });
});

describe('paying an order that can no longer be paid', () => {
  it('says the payment window has passed (60006) instead of a generic refusal', async () => {
    const [room] = await greenRoomIds(t.database.db, 1);
    const { id } = await createOrder(
      t.database.db,
      buyerId,
      { houseId: room as number, agreed: true },
      new Date(Date.now() - 31 * MINUTE),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/pay`,
      headers: buyer,
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: '60006',
      message: '该订单已超过30分钟缴费时间，已自动关闭，无法继续支付；如需购买请重新选房下单',
    });
    expect((await orderRow(id))?.payStatus).toBe(2);
  });
});
