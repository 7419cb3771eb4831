import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { passwordToken } from './account-helpers';

/** Demo accounts (README): the verified buyer, the second buyer and the operator. */
export const BUYER = { account: '13800000001', password: 'Demo@2026' };
export const SECOND_BUYER = { account: '13800000002', password: 'Demo@2026' };
export const OPERATOR = { account: '13900000000', password: 'Admin@2026' };

/**
 * Markup that runs script when a page treats text as HTML: each raises a dialog (caught for
 * every frame of the page) and bumps `window.__pwned`.
 */
export const IMG_PAYLOAD = '<img src=x onerror="alert(1);window.__pwned++">';
export const SVG_PAYLOAD = '<svg onload=alert(2)>';
export const SCRIPT_PAYLOAD = '<script>alert(3);window.__pwned++</script>';
/** A link that would run script when followed, and text shaped like SQL. */
export const JAVASCRIPT_PAYLOAD = '<a href="javascript:alert(4)">政策原文</a>';
export const SQL_PAYLOAD = "'; DROP TABLE users; --";

/** Signs in through the API; returns the token and the Authorization header. */
export async function signIn(request: APIRequestContext, who: typeof BUYER) {
  const token = await passwordToken(request, who.account, who.password);
  expect(token).toBeTruthy();
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** `data` of a successful API answer (status 200 asserted, with the body on failure). */
export async function dataOf<T>(response: {
  status(): number;
  text(): Promise<string>;
}): Promise<T> {
  const text = await response.text();
  expect(response.status(), text.slice(0, 300)).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * Counts script executions caused by payloads: dialogs in any frame of the page, and
 * `window.__pwned` of the main frame. Call before the first navigation.
 */
export async function watchForScripts(page: Page): Promise<() => Promise<number>> {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __pwned: number }).__pwned = 0;
  });
  return async () =>
    dialogs + (await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned));
}

/**
 * No element of the page carries an inline event handler or an inline script. Data blocks aside:
 * structured data (`application/ld+json`) and a server-rendered page's data
 * (`application/json`) are never run by the browser.
 */
export async function expectNoActiveMarkup(page: Page): Promise<void> {
  const active = await page
    .locator(
      'img[onerror], svg[onload], [onclick], [onmouseover], script:not([src]):not([type="application/ld+json"]):not([type="application/json"])',
    )
    .count();
  expect(active).toBe(0);
  expect(await page.locator('[href^="javascript:" i]').count()).toBe(0);
}

interface TableRooms {
  floors: { houseList: { id: number; color: string }[] }[];
}

/** A green room of a published project's first building that opens with one. */
async function greenRoom(request: APIRequestContext): Promise<number> {
  const projects = await dataOf<{ list: { id: number }[] }>(
    await request.get('/api/projects?pageSize=20'),
  );
  for (const project of projects.list) {
    const buildings = await dataOf<{ id: number }[]>(
      await request.get(`/api/building-table/projects/${project.id}/buildings`),
    );
    for (const building of buildings.slice(0, 2)) {
      const rooms = await dataOf<TableRooms>(
        await request.get(`/api/building-table/buildings/${building.id}/rooms`),
      );
      const green = rooms.floors.flatMap((f) => f.houseList).find((r) => r.color === 'green');
      if (green) return green.id;
    }
  }
  throw new Error('no green room to order');
}

/**
 * A new deposit order of the signed-in buyer, paid through the bank simulator the way the bank
 * page pays it; answers the order id once the order shows as paid.
 */
export async function paidOrder(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<number> {
  const order = await dataOf<{ id: number }>(
    await request.post('/api/orders', {
      headers,
      data: { houseId: await greenRoom(request), agreed: true },
    }),
  );
  const { html } = await dataOf<{ html: string }>(
    await request.post(`/api/orders/${order.id}/pay`, { headers, data: {} }),
  );
  const tradeNo = /name="tradeNo" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const paid = await request.post(`/dev/bank/pay/${encodeURIComponent(tradeNo)}`, {
    form: { result: 'paid' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => {
      const detail = await dataOf<{ payStatus: number }>(
        await request.get(`/api/orders/${order.id}`, { headers }),
      );
      return detail.payStatus;
    })
    .toBe(3);
  return order.id;
}
