import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { passwordToken, useToken } from './account-helpers';
import { PHONE } from './phone-helpers';

/*
 * Real visits' figures (docs/decisions/0060-real-visit-figures.md): a citizen's phone visits three
 * pages, each reports its LCP, INP and CLS when it is left, and the operator's dashboard shows
 * their p75 per page type. The journeys' servers measure every visit (the sampling rate is 1
 * outside production).
 */

const OPERATOR = { phone: '13900000000', password: 'Admin@2026' };
const PAGES = ['/newHouse', '/tool', '/informationAndPolicyPage'] as const;

interface Summary {
  rows: Array<{ page: string; metric: string; p75: number; samples: number }>;
}

async function phoneSamples(request: APIRequestContext, token: string) {
  const response = await request.get('/api/admin/web-vitals?device=phone', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { rows } = ((await response.json()) as { data: Summary }).data;
  return (page: string, metric: string) =>
    rows.find((r) => r.page === page && r.metric === metric)?.samples ?? 0;
}

/** Opens a page, waits until the measuring library is loaded after the page became idle, taps it. */
async function visitAndTap(page: Page, path: string) {
  const library = page.waitForResponse((r) => /\/assets\/web-vitals-[^/]+\.js$/.test(r.url()), {
    timeout: 60_000,
  });
  await page.goto(path);
  await library;
  // A tap on the footer's text (no link there): one interaction for INP.
  await page.locator('footer').first().scrollIntoViewIfNeeded();
  await page
    .locator('footer')
    .first()
    .click({ position: { x: 4, y: 4 } });
  // The browser times an input only after the frame that follows it is painted; leaving the page
  // before that would leave nothing to measure INP from (as with a real reader leaving at once).
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
  // The measuring library takes interactions in when the page is idle: let it.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

test('three pages visited on a phone show their LCP, INP and CLS on the operator dashboard', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await passwordToken(request, OPERATOR.phone, OPERATOR.password);
  const before = await phoneSamples(request, token);

  const phone = await browser.newContext({ ...PHONE });
  const visitor = await phone.newPage();
  for (const path of PAGES) await visitAndTap(visitor, path);
  // Leaving the last page hides it: its figures are sent too (sendBeacon, which the browser
  // sends while the page unloads; the server's counts show they arrived). The phone stays open
  // until they have: closing it at once could cancel the beacon still on its way.
  await visitor.goto('about:blank');

  // Every page's three figures were counted (the poll names any still missing).
  await expect
    .poll(
      async () => {
        const after = await phoneSamples(request, token);
        return PAGES.flatMap((p) =>
          ['LCP', 'INP', 'CLS']
            .filter((m) => !(after(p, m) > before(p, m)))
            .map((m) => `${p} ${m}`),
        );
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
  await phone.close();

  // The operator's dashboard shows them.
  await useToken(page, token);
  await page.goto('/admin');
  const section = page.getByRole('region', { name: /真实访问体验/ });
  await expect(section).toBeVisible();
  await section.getByText('手机', { exact: true }).click();
  for (const path of PAGES) {
    for (const metric of ['LCP', 'INP', 'CLS']) {
      const row = section.getByRole('row', { name: new RegExp(`^${path} ${metric}`) });
      await expect(row).toBeVisible();
      await expect(row.getByText(/良好|待改进|较差/)).toBeVisible();
    }
  }
});
