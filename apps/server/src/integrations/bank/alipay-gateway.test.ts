import { createSign, createVerify } from 'node:crypto';
import { PAY_STATUS } from '@portal/shared/status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  ALIPAY_KEYS,
  alipaySignContent,
  APP_ID,
  APP_KEYS,
  FakeAlipay,
  formOf,
  SELLER_ID,
} from '../../../test/fakes/alipay-fake';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import { orderLogs, orders, payments, users } from '../../db/schema/index';
import { applyRefund, rejectRefund } from '../../modules/orders/order-refund.service';
import { greenRoomIds, settleLiveOrders } from '../../modules/orders/orders-test-helpers';
import { createOrder } from '../../modules/orders/orders.service';
import { payRecordOf } from '../../modules/orders/payment-test-helpers';
import { reconcilePendingRefunds } from '../../modules/orders/refund-confirmation';
import { auditedConfirmRefund } from '../../modules/orders/refunds.admin.service';
import { createAlipayGateway } from './alipay-gateway';
import type { BankGateway } from './bank-gateway';

const alipay = new FakeAlipay();
let server: FakeServer;
let gateway: BankGateway;
let t: TestApp;
let buyerId: number;
let roomIds: number[];

beforeAll(async () => {
  server = await startFakeServer(alipay.handle);
  gateway = createAlipayGateway(
    {
      provider: 'alipay',
      appId: APP_ID,
      privateKey: APP_KEYS.privateKey,
      alipayPublicKey: ALIPAY_KEYS.publicKey,
      sellerId: SELLER_ID,
      gateway: `${server.origin}/gateway.do`,
    },
    'https://fc.qhd.gov.cn',
    500,
  );
  t = await createTestApp({ seedScale: 0.05, integrations: { bank: gateway } });
  const [buyer] = await t.database.db.select().from(users).where(eq(users.phone, '13800000001'));
  buyerId = buyer?.id as number;
  roomIds = await greenRoomIds(t.database.db, 6);
}, 120_000);
afterAll(async () => {
  await t.dispose();
  await server.close();
});

/** An unpaid order whose Alipay form the buyer's browser submitted; answers its ids. */
async function orderAtAlipay(roomId: number) {
  const db = t.database.db;
  // One live order per identity: the buyer's earlier test orders are closed first.
  await settleLiveOrders(db, buyerId);
  const { id } = await createOrder(db, buyerId, { houseId: roomId, agreed: true });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/pay`,
    headers: { authorization: await bearer() },
    payload: {},
  });
  const { html } = response.json<{ data: { html: string } }>().data;
  const { action, fields: inputs } = formOf(html);
  await fetch(action, { method: 'POST', body: new URLSearchParams(inputs) });
  const payment = await payRecordOf(db, id);
  return { orderId: id, outTradeNo: payment.outTradeNo, amountFen: payment.amountFen };
}

let token: string | undefined;
async function bearer(): Promise<string> {
  if (token) return token;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account: '13800000001', password: 'Demo@2026' },
  });
  token = `Bearer ${login.json<{ data: { access_token: string } }>().data.access_token}`;
  return token;
}

async function notify(fields: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.body;
}

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('Alipay computer-website payment', () => {
  it('sends the buyer to Alipay with a signed page-pay form for the deposit, in yuan', async () => {
    const { outTradeNo, amountFen } = await orderAtAlipay(roomIds[0] as number);
    const trade = alipay.trades.get(outTradeNo);
    expect(trade?.totalAmount).toBe(`${amountFen / 100}.00`);
    expect(trade?.notifyUrl).toBe('http://localhost:3000/api/pay/notify/alipay');
  });

  it('applies a verified notification once, and a replay changes nothing', async () => {
    const { orderId, outTradeNo } = await orderAtAlipay(roomIds[1] as number);
    const fields = alipay.pay(outTradeNo);
    expect(await notify(fields)).toBe('success');
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.PAID);
    const events = await t.database.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, orderId));
    expect(await notify(fields)).toBe('success');
    const after = await t.database.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, orderId));
    expect(after).toHaveLength(events.length);
  });

  it('refuses a notification with a bad signature or a wrong amount, and keeps the order unpaid', async () => {
    const { orderId, outTradeNo } = await orderAtAlipay(roomIds[2] as number);
    const signed = alipay.pay(outTradeNo);
    expect(await notify({ ...signed, total_amount: '0.01' })).toBe('failure');
    const forged = alipay.notification(outTradeNo, { total_amount: '0.01' });
    expect(await notify(forged)).toBe('failure');
    expect(await notify({ ...signed, app_id: '2021000000009999' })).toBe('failure');
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.AWAITING_PAYMENT);
  });

  it('learns a payment whose notification never came from the trade query', async () => {
    const { orderId, outTradeNo } = await orderAtAlipay(roomIds[3] as number);
    alipay.pay(outTradeNo);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/pay-status`,
      headers: { authorization: await bearer() },
    });
    expect(status.statusCode).toBe(200);
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.PAID);
    expect(await gateway.query('P-NO-SUCH-TRADE')).toEqual({
      status: 'unknown',
      tradeNo: null,
      amountFen: null,
    });
  });

  it('refunds a paid trade and reports the refund, and says why Alipay refuses one', async () => {
    const [paid] = [...alipay.trades.entries()].filter(
      ([, trade]) => trade.status === 'TRADE_SUCCESS',
    );
    const [outTradeNo, trade] = paid as [string, { totalAmount: string }];
    const amountFen = Math.round(Number(trade.totalAmount) * 100);
    expect(await gateway.refund({ outTradeNo, refundNo: 'TK1', amountFen })).toEqual({
      bankRefundNo: 'TK1',
      settled: true,
    });
    // The same request again has moved no money: not settled by its answer.
    expect(await gateway.refund({ outTradeNo, refundNo: 'TK1', amountFen })).toEqual({
      bankRefundNo: 'TK1',
      settled: false,
    });
    expect(await gateway.queryRefund?.({ outTradeNo, refundNo: 'TK1' })).toEqual({
      status: 'success',
      amountFen,
    });
    expect(await gateway.queryRefund?.({ outTradeNo, refundNo: 'TK2' })).toEqual({
      status: 'unknown',
      amountFen: null,
    });
    await expect(
      gateway.refund({ outTradeNo, refundNo: 'TK3', amountFen: amountFen * 2 }),
    ).rejects.toThrow('退款金额超限');
  });

  it('signs a subject holding character references and markup, as the browser posts it', async () => {
    const subject = '海港区&amp;山海苑&#x4e00;号<b>"楼"</b>\'A\' 订约金';
    const html = await gateway.payForm({
      outTradeNo: 'PFORM0001',
      orderNo: 'FORM0001',
      subject,
      amountFen: 500_000,
      notifyUrl: 'https://fc.qhd.gov.cn/api/pay/notify/alipay',
      returnPath: '/myOrderDetails?id=1',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    const { action, fields } = formOf(html);
    const all = Object.fromEntries([...new URL(action).searchParams.entries(), ...fields]);
    expect(JSON.parse(all.biz_content ?? '{}')).toMatchObject({ subject });
    const verified = createVerify('RSA-SHA256')
      .update(alipaySignContent(all, ['sign']), 'utf8')
      .verify(APP_KEYS.publicKey, all.sign ?? '', 'base64');
    expect(verified).toBe(true);
    // The gateway (the fake checks the signature as Alipay does) opens its cashier page.
    const posted = await fetch(action, { method: 'POST', body: new URLSearchParams(fields) });
    expect(await posted.text()).toContain('支付宝收银台');
  });

  it('refuses a notification signed with RSA (SHA-1) or without a signature type', async () => {
    const [outTradeNo] = [...alipay.trades.keys()];
    const fields = alipay.notification(outTradeNo as string);
    const unsigned = Object.fromEntries(
      Object.entries(fields).filter(([name]) => name !== 'sign' && name !== 'sign_type'),
    );
    const sha1 = createSign('RSA-SHA1')
      .update(alipaySignContent(unsigned, []), 'utf8')
      .sign(ALIPAY_KEYS.privateKey, 'base64');
    expect(await notify({ ...unsigned, sign_type: 'RSA', sign: sha1 })).toBe('failure');
    const untyped = Object.fromEntries(
      Object.entries(fields).filter(([name]) => name !== 'sign_type'),
    );
    expect(await notify(untyped)).toBe('failure');
  });

  it('gives up on a gateway that does not answer in time', async () => {
    const [outTradeNo] = [...alipay.trades.keys()];
    alipay.slow.add(outTradeNo as string);
    const started = Date.now();
    await expect(gateway.query(outTradeNo as string)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    alipay.slow.clear();
  });
});

describe('Alipay refunds, confirmed by the bank', () => {
  /** A paid Alipay order whose buyer applied for the refund. */
  async function refundingOrder(roomId: number) {
    const { orderId, outTradeNo } = await orderAtAlipay(roomId);
    expect(await notify(alipay.pay(outTradeNo))).toBe('success');
    await applyRefund(t.database.db, buyerId, orderId, { refundIntention: 1 });
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.REFUNDING);
    return orderId;
  }

  async function operatorId() {
    const [admin] = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    return admin?.id as number;
  }

  async function refundRecord(orderId: number) {
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    return row;
  }

  it('counts a refund done at once when Alipay says the money moved (fund_change=Y)', async () => {
    const orderId = await refundingOrder(roomIds[4] as number);
    const outcome = await auditedConfirmRefund(t.database.db, await operatorId(), orderId, {
      gateway,
    });
    expect(outcome).toEqual({ refund: 'refunded', failReason: null });
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.REFUNDED);
    expect((await refundRecord(orderId))?.status).toBe('paid');
  });

  it('keeps an accepted refund pending until the refund query confirms it, on any instance once', async () => {
    const orderId = await refundingOrder(roomIds[5] as number);
    alipay.holdRefunds = true;
    const outcome = await auditedConfirmRefund(t.database.db, await operatorId(), orderId, {
      gateway,
    });
    alipay.holdRefunds = false;
    expect(outcome).toEqual({ refund: 'processing', failReason: null });
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.REFUNDING);
    expect((await refundRecord(orderId))?.status).toBe('pending');
    // The money is on its way: the refund can no longer be rejected.
    await expect(
      rejectRefund(t.database.db, orderId, await operatorId(), '材料不全'),
    ).rejects.toThrow('退款已提交银行');

    // The reconciliation asks; Alipay still says processing (no refund_status): nothing changes.
    // It asks outside any transaction: a gateway whose answer reads the database itself (as the
    // bank simulator's does) gets its answer, where a transaction held around the call would
    // wait for it forever on the embedded database.
    const readingGateway: BankGateway = {
      ...gateway,
      queryRefund: async (input) => {
        await t.database.db.select({ id: payments.id }).from(payments).limit(1);
        return gateway.queryRefund!(input);
      },
    };
    expect(await reconcilePendingRefunds(t.database.db, readingGateway)).toBe(0);
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.REFUNDING);

    // Alipay pays out; two instances reconcile at once: the order completes once.
    alipay.heldRefunds.clear();
    const runs = await Promise.all([
      reconcilePendingRefunds(t.database.db, gateway),
      reconcilePendingRefunds(t.database.db, gateway),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    expect((await orderRow(orderId))?.payStatus).toBe(PAY_STATUS.REFUNDED);
    expect((await refundRecord(orderId))?.status).toBe('paid');
    const told = await t.database.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, orderId), eq(orderLogs.status, PAY_STATUS.REFUNDED)));
    expect(told).toHaveLength(1);
    expect(await reconcilePendingRefunds(t.database.db, gateway)).toBe(0);
  });
});
