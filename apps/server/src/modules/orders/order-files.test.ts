import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { orders, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';
import { ORDER_FILE_LINK_TTL_SECONDS } from './order-files';

type Headers = { authorization: string };

let t: TestApp;
let buyer: Headers;
let other: Headers;
let admin: Headers;
let orderId: number;
const PDF = Buffer.from('%PDF-1.4\n%test invoice of the buyer\n');

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  buyer = await bearerFor(db, '13800000001');
  other = await bearerFor(db, '13800000002');
  admin = await bearerFor(db, '13900000000');
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(users.phone, '13800000001'))
    .limit(1);
  orderId = order?.id as number;
});
afterAll(async () => t.dispose());

function uploadFile(kind: 'invoice' | 'receipt', name: string, bytes: Buffer) {
  const boundary = '----orderfile';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/files?kind=${kind}`,
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

interface FileEntry {
  path: string;
  name: string;
  url: string;
  downloadUrl: string;
}

async function invoicesSeenBy(headers: Headers): Promise<FileEntry[]> {
  const detail = await t.app.inject({ url: `/api/orders/${orderId}`, headers });
  expect(detail.statusCode).toBe(200);
  return detail.json().data.invoiceList;
}

describe('invoices and receipts are private files of the order', () => {
  let invoice: FileEntry;

  beforeAll(async () => {
    const uploaded = await uploadFile('invoice', '发票.pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { path } = uploaded.json().data;
    expect(path).toMatch(new RegExp(`^order/${orderId}/[0-9a-f]{24}\\.pdf$`));
    invoice = (await invoicesSeenBy(buyer)).find((file) => file.path === path) as FileEntry;
  });

  it('stores the file privately: never at a public address', async () => {
    expect(await t.app.storage.exists('private', invoice.path)).toBe(true);
    expect(await t.app.storage.exists('public', invoice.path)).toBe(false);
    const open = await t.app.inject({ url: `/oss/app/${invoice.path}` });
    expect(open.statusCode).toBe(404);
  });

  it('lets the buyer view it in the page and download it under its name', async () => {
    expect(invoice.name).toMatch(/^发票\d*\.pdf$/);
    expect(invoice.url).toMatch(new RegExp(`^/oss/private/${invoice.path}\\?expires=\\d+&sig=`));
    const shown = await t.app.inject({ url: invoice.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toBe('inline');
    expect(shown.rawPayload.equals(PDF)).toBe(true);

    const saved = await t.app.inject({ url: invoice.downloadUrl });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(invoice.name)}`,
    );
    expect(saved.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('gives nobody else a link, and a link without a valid signature opens nothing', async () => {
    const stranger = await t.app.inject({ url: `/api/orders/${orderId}`, headers: other });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(invoice.path);
    const strangersOrders = await t.app.inject({ url: '/api/orders', headers: other });
    expect(strangersOrders.body).not.toContain(invoice.path);
    expect((await t.app.inject({ url: `/api/orders/${orderId}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: buyer })).statusCode,
    ).toBe(403);

    for (const url of [
      `/oss/private/${invoice.path}`,
      `/oss/private/${invoice.path}?expires=9999999999&sig=forged`,
    ]) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json().code).toBe('10007');
    }
  });

  it('refuses an expired, tampered or re-targeted link', async () => {
    const stale = await t.app.storage.signedUrl(invoice.path, {
      ttlSeconds: ORDER_FILE_LINK_TTL_SECONDS,
      now: new Date(Date.now() - (ORDER_FILE_LINK_TTL_SECONDS + 60) * 1000),
    });
    const expired = await t.app.inject({ url: stale });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('文件链接无效或已过期，请刷新页面后重试');

    const tampered = invoice.url.replace(
      /sig=[^&]+/,
      'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    const renamed = invoice.downloadUrl.replace(/download=[^&]+/, 'download=x.exe');
    expect((await t.app.inject({ url: renamed })).statusCode).toBe(403);
    const later = invoice.url.replace(
      /expires=(\d+)/,
      (_, v: string) => `expires=${Number(v) + 3600}`,
    );
    expect((await t.app.inject({ url: later })).statusCode).toBe(403);
  });

  it('gives operators working links in the console', async () => {
    const row = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: admin });
    const urls = row.json().data.invoiceUrls as string[];
    const mine = urls.find((url) => url.startsWith(`/oss/private/${invoice.path}?`));
    expect(mine).toBeDefined();
    const fetched = await t.app.inject({ url: mine as string });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
  });

  it('numbers several receipts and keeps the seed documents private too', async () => {
    expect((await uploadFile('receipt', 'r1.pdf', PDF)).statusCode).toBe(200);
    expect((await uploadFile('receipt', 'r2.pdf', PDF)).statusCode).toBe(200);
    const detail = await t.app.inject({ url: `/api/orders/${orderId}`, headers: buyer });
    const names = (detail.json().data.receiptList as FileEntry[]).map((file) => file.name);
    expect(names.slice(-2)).toEqual([`收据${names.length - 1}.pdf`, `收据${names.length}.pdf`]);

    expect(await t.app.storage.exists('private', 'seed/doc-invoice.svg')).toBe(true);
    expect((await t.app.inject({ url: '/oss/app/seed/doc-invoice.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/oss/app/seed/doc-idcard.svg' })).statusCode).toBe(404);
  });

  it('lists every file of the order with its type in attachmentList, on the detail and the list', async () => {
    const detail = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: buyer })).json()
      .data;
    const withType = (type: string) => (file: FileEntry) => ({ type, ...file });
    const expected = [
      ...(detail.invoiceList as FileEntry[]).map(withType('invoice')),
      ...(detail.receiptList as FileEntry[]).map(withType('receipt')),
    ];
    expect(detail.attachmentList).toEqual(expected);
    expect(expected.map((file) => file.type)).toContain('invoice');
    expect(expected.filter((file) => file.type === 'receipt').length).toBeGreaterThanOrEqual(2);
    const invoiceEntry = detail.attachmentList.find(
      (file: FileEntry & { type: string }) => file.path === invoice.path,
    );
    expect(invoiceEntry).toMatchObject({ type: 'invoice', name: invoice.name });
    const opened = await t.app.inject({ url: invoiceEntry.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PDF)).toBe(true);

    const list = await t.app.inject({ url: '/api/orders?pageSize=50', headers: buyer });
    const row = list.json().data.list.find((order: { id: number }) => order.id === orderId);
    expect(
      row.attachmentList.map((file: FileEntry & { type: string }) => [file.type, file.path]),
    ).toEqual(expected.map((file) => [file.type, file.path]));
    const strangers = await t.app.inject({ url: '/api/orders?pageSize=50', headers: other });
    expect(strangers.body).not.toContain(invoice.path);
  });
});
