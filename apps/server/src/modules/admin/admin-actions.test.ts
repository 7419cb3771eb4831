import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  adminAuditLog,
  notices,
  orderLogs,
  orders,
  payments,
  rooms,
  users,
} from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { multipartFile } from './admin-test-helpers';

let t: TestApp;
let admin: { authorization: string };
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  admin = await bearerFor(t.database.db, '13900000000');
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, '13900000000'));
  adminId = row?.id as number;
});

afterAll(async () => {
  await t?.dispose();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: admin });
}

async function lastAudit(action: string, targetId: number) {
  const [row] = await t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}

async function noticesOf(userId: number) {
  return t.database.db
    .select({ content: notices.content, bizType: notices.bizType })
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id));
}

describe('news and policy', () => {
  it('keeps a draft private, publishes it sanitised, and withdraws it', async () => {
    const created = await send('POST', '/api/admin/news', {
      newsType: 1,
      title: '关于规范商品房预售的通知',
      content: '<p>正文<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
      source: '市住房和城乡建设局',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect((await t.app.inject({ url: `/api/news/${id}` })).statusCode).toBe(404);
    // The public list of the type, read (and cached) before each change, follows it at once.
    const listedIds = async () =>
      (
        (await t.app.inject({ url: '/api/news?newsType=1&pageNum=1&pageSize=10' })).json().data
          .list as Array<{ id: number }>
      ).map((item) => item.id);
    expect(await listedIds()).not.toContain(id);

    const published = await send('POST', `/api/admin/news/${id}/publish`);
    expect(published.statusCode).toBe(200);
    const pub = await t.app.inject({ url: `/api/news/${id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.title).toBe('关于规范商品房预售的通知');
    expect(pub.json().data.content).not.toMatch(/script|onerror/);
    const audit = await lastAudit('news.publish', id);
    expect(audit?.actorId).toBe(adminId);
    expect(audit?.before).toEqual({ newsState: 1 });
    expect(audit?.after).toEqual({ newsState: 3 });

    expect((await send('POST', `/api/admin/news/${id}/publish`)).statusCode).toBe(409);
    expect(await listedIds()).toContain(id);
    expect((await send('POST', `/api/admin/news/${id}/withdraw`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/news/${id}` })).statusCode).toBe(404);
    expect(await listedIds()).not.toContain(id);
    expect(await lastAudit('news.withdraw', id)).toBeDefined();
  });

  it('refuses an empty title with a Chinese message', async () => {
    const response = await send('POST', '/api/admin/news', {
      newsType: 2,
      title: '',
      content: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/标题/);
  });
});

describe('orders', () => {
  it('records 网签, refunds the deposit automatically and tells the buyer', async () => {
    const db = t.database.db;
    const [order] = await db
      .select({
        id: orders.id,
        userId: orders.userId,
        roomId: orders.roomId,
        lockMoney: orders.lockMoney,
      })
      .from(orders)
      .where(eq(orders.payStatus, 3))
      .limit(1);
    const id = order?.id as number;
    const response = await send('POST', `/api/admin/orders/${id}/netsign`, {
      netsignnum: 'WQ2026TEST0001',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ payStatus: 5, refundStatus: 3, netsignnum: 'WQ2026TEST0001' });
    const [room] = await db
      .select({ s: rooms.saleStatus })
      .from(rooms)
      .where(eq(rooms.id, order?.roomId as number));
    expect(room?.s).toBe('gray');
    const steps = await db
      .select({ step: orderLogs.step })
      .from(orderLogs)
      .where(eq(orderLogs.orderId, id));
    expect(steps.map((s) => s.step)).toEqual(expect.arrayContaining([4, 5]));
    const [refund] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.kind, 'refund')));
    expect(refund?.status).toBe('paid');
    expect((await noticesOf(order?.userId as number))[0]?.content).toMatch(/订约金.*退还/);
    expect((await lastAudit('order.netsign', id))?.after).toMatchObject({
      payStatus: 4,
      netsignnum: 'WQ2026TEST0001',
    });
    expect((await lastAudit('order.refundConfirm', id))?.after).toMatchObject({ payStatus: 5 });
    expect(response.json().data).toEqual({ refund: 'refunded', failReason: null });
    const buyerOrder = await t.database.db
      .select({ step: orderLogs.step, operation: orderLogs.operation })
      .from(orderLogs)
      .where(eq(orderLogs.orderId, id));
    expect(buyerOrder.find((log) => log.step === 4)?.operation).toContain('WQ2026TEST0001');

    const again = await send('POST', `/api/admin/orders/${id}/netsign`, {
      netsignnum: 'WQ2026TEST0002',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该订单已登记网签');
  });

  it('refuses 网签 once the order no longer holds its room', async () => {
    const db = t.database.db;
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.payStatus, 3))
      .orderBy(desc(orders.id))
      .limit(1);
    const id = order?.id as number;
    await db.update(orders).set({ lockReleasedAt: new Date() }).where(eq(orders.id, id));
    const response = await send('POST', `/api/admin/orders/${id}/netsign`, {
      netsignnum: 'WQ2026TEST0003',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('60005');
    const [row] = await db.select({ n: orders.netsignnum }).from(orders).where(eq(orders.id, id));
    expect(row?.n).toBeNull();
  });

  it('attaches an invoice and a receipt the buyer opens through his own links', async () => {
    const db = t.database.db;
    const [order] = await db
      .select({
        id: orders.id,
        userId: orders.userId,
        invoicePaths: orders.invoicePaths,
        receiptPaths: orders.receiptPaths,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(users.phone, '13800000001'))
      .limit(1);
    const id = order?.id as number;
    const pdf = Buffer.from('%PDF-1.4\n%test invoice\n');
    const uploadFile = (kind: 'invoice' | 'receipt') => {
      const file = multipartFile('发票.pdf', 'application/pdf', pdf);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/files?kind=${kind}`,
        headers: { ...admin, 'content-type': file.contentType },
        payload: file.payload,
      });
    };
    const upload = await uploadFile('invoice');
    expect(upload.statusCode).toBe(200);
    const invoicePath = upload.json().data.path as string;
    expect(invoicePath).toMatch(/^order\/\d+\/[0-9a-f]+\.pdf$/);
    expect((await noticesOf(order?.userId as number))[0]?.content).toMatch(/发票/);
    const invoiceAudit = await lastAudit('order.invoice', id);
    expect(invoiceAudit?.before).toEqual({ invoicePaths: order?.invoicePaths });
    expect(invoiceAudit?.after).toEqual({
      invoicePaths: [...(order?.invoicePaths ?? []), invoicePath],
      path: invoicePath,
    });

    const receipt = await uploadFile('receipt');
    expect(receipt.statusCode).toBe(200);
    const receiptPath = receipt.json().data.path as string;
    const receiptAudit = await lastAudit('order.receipt', id);
    expect(receiptAudit?.before).toEqual({ receiptPaths: order?.receiptPaths });
    expect(receiptAudit?.after).toEqual({
      receiptPaths: [...(order?.receiptPaths ?? []), receiptPath],
      path: receiptPath,
    });

    const buyer = await bearerFor(db, '13800000001');
    const detail = await t.app.inject({ url: `/api/orders/${id}`, headers: buyer });
    expect(detail.statusCode).toBe(200);
    const { invoiceList, receiptList } = detail.json().data as Record<
      'invoiceList' | 'receiptList',
      Array<{ path: string; url: string; downloadUrl: string }>
    >;
    const invoice = invoiceList.find((file) => file.path === invoicePath);
    expect(invoice, 'the buyer sees the new invoice').toBeDefined();
    expect(receiptList.map((file) => file.path)).toContain(receiptPath);
    const shown = await t.app.inject({ url: invoice?.url as string });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(pdf)).toBe(true);
    const downloaded = await t.app.inject({ url: invoice?.downloadUrl as string });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);
    expect(downloaded.rawPayload.equals(pdf)).toBe(true);
  });

  it('searches by order number', async () => {
    const [order] = await t.database.db.select({ orderNo: orders.orderNo }).from(orders).limit(1);
    const response = await send('GET', `/api/admin/orders?keyword=${order?.orderNo}`);
    expect(response.json().data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([
      order?.orderNo,
    ]);
  });
});

describe('site settings', () => {
  it('saves title and footer that the public site reads at once, audited', async () => {
    const current = (await send('GET', '/api/admin/site-settings')).json().data;
    const saved = await send('PUT', '/api/admin/site-settings', {
      ...current,
      title: '秦皇岛市房地产交易服务平台',
      icp: '冀ICP备00000000号',
    });
    expect(saved.statusCode).toBe(200);
    const site = (await t.app.inject({ url: '/api/site/settings' })).json().data;
    expect(site).toMatchObject({ title: '秦皇岛市房地产交易服务平台', icp: '冀ICP备00000000号' });
    expect((await lastAudit('site.update', 1))?.after).toMatchObject({
      title: '秦皇岛市房地产交易服务平台',
    });
    const bad = await send('PUT', '/api/admin/site-settings', { ...current, website: 'ftp://x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('filters by action, target and date range, newest first', async () => {
    const all = await send('GET', '/api/admin/audit?pageSize=100');
    expect(all.json().data.total).toBeGreaterThan(5);
    const byAction = await send('GET', '/api/admin/audit?action=news.publish');
    expect(
      byAction.json().data.list.every((e: { action: string }) => e.action === 'news.publish'),
    ).toBe(true);
    expect(byAction.json().data.list[0].actorPhone).toBe('13900000000');
    const byTarget = await send('GET', '/api/admin/audit?targetType=user');
    expect(
      byTarget.json().data.list.every((e: { targetType: string }) => e.targetType === 'user'),
    ).toBe(true);
    const future = await send('GET', '/api/admin/audit?from=2999-01-01');
    expect(future.json().data.total).toBe(0);
    const bad = await send('GET', '/api/admin/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });
});
