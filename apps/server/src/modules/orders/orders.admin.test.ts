import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLogs, orders, payments, rooms, users } from '../../db/schema/index';
import { multipartFile, useAdminTest } from '../admin/admin-test-helpers';
import { bearerFor } from '../news/test-helpers';

const c = useAdminTest();

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  c.send(method, url, payload);
const lastAudit = (action: string, targetId: number) => c.lastAudit(action, targetId);
const noticesOf = (userId: number) => c.noticesOf(userId);

describe('orders', () => {
  it('records 网签, refunds the deposit automatically and tells the buyer', async () => {
    const db = c.t.database.db;
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
    expect(row).toMatchObject({ payStatus: 5, refundStatus: 3, netSignNumber: 'WQ2026TEST0001' });
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
    const buyerOrder = await c.t.database.db
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
    const db = c.t.database.db;
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
    const [row] = await db
      .select({ n: orders.netSignNumber })
      .from(orders)
      .where(eq(orders.id, id));
    expect(row?.n).toBeNull();
  });

  it('attaches an invoice and a receipt the buyer opens through his own links', async () => {
    const db = c.t.database.db;
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
      return c.t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/files?kind=${kind}`,
        headers: { ...c.admin, 'content-type': file.contentType },
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
    const detail = await c.t.app.inject({ url: `/api/orders/${id}`, headers: buyer });
    expect(detail.statusCode).toBe(200);
    const { invoiceList, receiptList } = detail.json().data as Record<
      'invoiceList' | 'receiptList',
      Array<{ path: string; url: string; downloadUrl: string }>
    >;
    const invoice = invoiceList.find((file) => file.path === invoicePath);
    expect(invoice, 'the buyer sees the new invoice').toBeDefined();
    expect(receiptList.map((file) => file.path)).toContain(receiptPath);
    const shown = await c.t.app.inject({ url: invoice?.url as string });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(pdf)).toBe(true);
    const downloaded = await c.t.app.inject({ url: invoice?.downloadUrl as string });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);
    expect(downloaded.rawPayload.equals(pdf)).toBe(true);
  });

  it('searches by order number', async () => {
    const [order] = await c.t.database.db.select({ orderNo: orders.orderNo }).from(orders).limit(1);
    const response = await send('GET', `/api/admin/orders?keyword=${order?.orderNo}`);
    expect(response.json().data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([
      order?.orderNo,
    ]);
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
    expect((await noticesOf(order?.userId as number))[0]).toMatchObject({
      bizType: 'order',
      content: expect.stringContaining('收据'),
    });
    const audit = await lastAudit('order.receipt', id);
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
});
