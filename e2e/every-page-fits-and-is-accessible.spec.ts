import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test as base } from '@playwright/test';
import { addSessionCookies, dropSessionCookies } from './session-helpers';
import {
  addressOf,
  findSeededIds,
  needsSignIn,
  registeredRoutes,
  type SeededIds,
  signInThroughApi,
} from './site-routes';

/*
 * Every citizen page of the route table, at a phone width and a desktop width, in one visit each:
 * the document never scrolls sideways, axe-core finds nothing serious or critical against
 * WCAG 2.1 AA, and the page has exactly one `h1`. The operator console (/admin) is desktop-first and left out.
 */

const test = base.extend<object, { buyerToken: string; seededIds: SeededIds }>({
  // Signed in once per worker, through the API.
  buyerToken: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await signInThroughApi(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  seededIds: [
    async ({ playwright, buyerToken }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await findSeededIds(request, buyerToken));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

const WIDTHS = [
  { width: 375, height: 812, isPhone: true },
  { width: 1440, height: 900, isPhone: false },
] as const;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const citizenRoutes = registeredRoutes().filter((route) => route.layout !== 'admin');

/** Signs the shared page in or out (the session cookies) before a visit. */
async function setSignedIn(page: Page, token: string | null): Promise<void> {
  if (token) await addSessionCookies(page.context(), token);
  else await dropSessionCookies(page);
}

/** One line per serious or critical finding: rule, impact, and the first elements it names. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Only the violations are collected: the passes are not reported and take time to gather.
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join('; ');
      return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${nodes}`;
    });
}

for (const size of WIDTHS) {
  test.describe(`every citizen page at ${size.width} px`, () => {
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }, testInfo) => {
      const { baseURL, locale, timezoneId } = testInfo.project.use;
      context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        viewport: { width: size.width, height: size.height },
        isMobile: size.isPhone,
        hasTouch: size.isPhone,
      });
      page = await context.newPage();
      await page.goto('/404');
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const route of citizenRoutes) {
      test(`${route.key} fits the width and has no serious accessibility finding`, async ({
        buyerToken,
        seededIds,
      }) => {
        const address = addressOf(route.key, seededIds);
        await setSignedIn(page, needsSignIn(route) ? buyerToken : null);
        await page.goto(address);
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);

        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect
          .soft(scrollWidth, `${address} at ${size.width} px scrolls sideways`)
          .toBeLessThanOrEqual(size.width);
        expect.soft(await seriousFindings(page), `${address} at ${size.width} px`).toEqual([]);
        // One level-one heading names the page (visually hidden where a tab or step bar shows
        // the title); axe only asks for at least one.
        expect.soft(await page.locator('h1').count(), `${address} at ${size.width} px: h1`).toBe(1);
      });
    }
  });
}
