import { expect, test } from '@playwright/test';

/**
 * The API reference at /api/docs (Swagger UI) under its own Content-Security-Policy: the page
 * draws every documented operation, 试一试 calls the API, no `securitypolicyviolation` fires
 * and no CSP error reaches the console; and no other page can frame it.
 */

test('the API reference works under its policy and cannot be framed', async ({ page, baseURL }) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/api/docs');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
  await expect(page.getByRole('heading', { name: /房地产交易服务平台 API/ })).toBeVisible();

  const health = page.locator('.opblock').filter({ hasText: '/api/health' }).first();
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(health.locator('.responses-wrapper .live-responses-table')).toContainText('000000');

  await page.waitForLoadState('networkidle');
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  );
  expect([...violations, ...cspErrors]).toEqual([]);

  const framing = await page.context().newPage();
  await framing.goto(`${baseURL}/api/health`);
  await framing.setContent(`<iframe id="docs" src="${baseURL}/api/docs"></iframe>`);
  await framing.waitForTimeout(1000);
  const framed = framing.frames().find((frame) => frame !== framing.mainFrame());
  expect(await framed?.locator('#swagger-ui').count()).toBe(0);
});
