import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** Signs in through the API; returns the token and the Authorization header. */
export async function signIn(request: APIRequestContext, who: typeof BUYER) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
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

/** No element of the page carries an inline event handler or an inline script. */
export async function expectNoActiveMarkup(page: Page): Promise<void> {
  const active = await page
    .locator('img[onerror], svg[onload], [onclick], [onmouseover], script:not([src])')
    .count();
  expect(active).toBe(0);
  expect(await page.locator('[href^="javascript:" i]').count()).toBe(0);
}
