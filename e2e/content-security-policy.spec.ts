import { expect, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';
import { BUYER, dataOf, OPERATOR, signIn } from './hostile-helpers';

/**
 * The real built app under its Content-Security-Policy (scripts from the site only, no inline
 * script): the pages that load the most kinds of resource — the home page, a project page, the
 * map (Leaflet tiles and markers), the data-analysis dashboard (ECharts), the 房聊 dialog (a
 * framed page and a WebSocket) and the operator console — report no `securitypolicyviolation`
 * and log no CSP error to the console, in any frame.
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Collects CSP violations of every frame and CSP errors on the console. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return async () => {
    const found = [...consoleErrors];
    for (const frame of page.frames()) {
      const violations = await frame
        .evaluate(
          () => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [],
        )
        .catch(() => [] as Violation[]);
      for (const v of violations) {
        found.push(`${frame.url()}: ${v.directive} blocked ${v.blocked} at ${v.source}`);
      }
    }
    return found;
  };
}

/** Lets late resources (tiles, charts, lazy chunks) load before the violations are read. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

test('public pages load under the CSP without a violation', async ({ page, request }) => {
  const project = await dataOf<{ list: { id: number }[] }>(
    await request.get('/api/projects?pageSize=1'),
  );
  const violations = await watchPolicy(page);
  const csp = (await page.goto('/home'))?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
  await expect(page.locator('footer')).toBeVisible();
  await settle(page);

  await page.goto(`/houseHome?id=${project.list[0]?.id}`);
  await expect(page.getByRole('navigation', { name: '当前位置' })).toBeVisible();
  await settle(page);

  await page.goto('/map');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await settle(page);

  await page.goto('/dataanalysis');
  await expect(page.locator('canvas').first()).toBeVisible();
  await settle(page);

  expect(await violations()).toEqual([]);
});

test('the 房聊 dialog and the operator console load under the CSP without a violation', async ({
  page,
  request,
}) => {
  const buyer = await signIn(request, BUYER);
  const violations = await watchPolicy(page);
  await useToken(page, buyer.token);
  await page.goto('/home');
  await page.locator('button[aria-label^="房聊"]').click();
  const chat = page.frameLocator('iframe[title="房聊"]');
  await expect(chat.getByTestId('chat-status')).toHaveText('在线');
  await settle(page);
  expect(await violations()).toEqual([]);

  const operator = await signIn(request, OPERATOR);
  await useToken(page, operator.token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '仪表盘' })).toBeVisible();
  await settle(page);
  expect(await violations()).toEqual([]);
});

test('my second-hand listings and their edit dialog run without eval', async ({
  page,
  request,
}) => {
  // The edit dialog loads the shared schemas; Zod used to probe for eval as they were built.
  const buyer = await signIn(request, BUYER);
  const violations = await watchPolicy(page);
  await useToken(page, buyer.token);
  await page.goto('/mySecondHandHouse');
  await page.getByRole('button', { name: '编辑' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  expect(await violations()).toEqual([]);
});

test('an inline script is blocked and reported, so the checks above can see one', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto('/home');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect((await violations()).join('\n')).toMatch(/script-src/);
  expect(await page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
});
