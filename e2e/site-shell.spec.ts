import { expect, type Page, test } from '@playwright/test';

interface SiteSettings {
  title: string;
  cityName: string;
  icp: string;
  copyright: string;
}

const NOT_FOUND_TEXT = '抱歉，您访问的页面不存在';
/** Navigation items that only a signed-in citizen can use. */
const SIGN_IN_FIRST = new Set(['/addhouse']);

async function readSettings(page: Page): Promise<SiteSettings> {
  const response = await page.request.get('/api/site/settings');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { code: string; data: SiteSettings };
  expect(body.code).toBe('000000');
  return body.data;
}

/** Internal links of the top navigation as the visitor sees them: label and href. */
async function internalNavLinks(page: Page): Promise<Array<{ label: string; href: string }>> {
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: '首页', exact: true })).toBeVisible();
  return nav.locator('a:not([target="_blank"])').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      // The words shown (a link carries 长辈版's everyday words too, hidden in this mode).
      label: (anchor as HTMLElement).innerText.trim(),
      href: anchor.getAttribute('href') ?? '',
    })),
  );
}

test.describe('a visitor finds their way around the portal', () => {
  test('the home page shows the header, navigation and footer in Chinese', async ({
    page,
  }, testInfo) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const settings = await readSettings(page);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('banner')).toContainText(`${settings.cityName}${settings.title}`);
    await expect(page).toHaveTitle(`${settings.cityName}${settings.title}`);

    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '首页', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: '滨海旅游' })).toBeVisible();

    await expect(page.getByRole('region', { name: '便民服务' })).toContainText('预售许可查询');
    await expect(page.getByRole('region', { name: '建议反馈' })).toBeVisible();
    await expect(page.getByRole('search')).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(settings.icp);
    await expect(footer).toContainText(settings.copyright);

    const screenshot = await page.screenshot({
      fullPage: true,
      path: testInfo.outputPath('home-full-page.png'),
    });
    await testInfo.attach('home-full-page', { body: screenshot, contentType: 'image/png' });
    expect(pageErrors).toEqual([]);
  });

  test('every internal navigation item leads to its page', async ({ page, baseURL }) => {
    // A dozen pages, each opened from the home page.
    test.setTimeout(150_000);
    await page.goto('/');
    const links = await internalNavLinks(page);
    expect(links.map((link) => link.label)).toContain('首页');

    for (const link of links) {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: '主导航' });
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      if (SIGN_IN_FIRST.has(link.href)) {
        // A visitor is sent to sign in first and comes back to the page afterwards.
        const back = encodeURIComponent(link.href);
        await expect(page).toHaveURL(new URL(`/login?redirect=${back}`, baseURL).href);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        continue;
      }
      await expect(page).toHaveURL(new URL(link.href, baseURL).href);
      await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
      await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('the tourism page opens in a new tab', async ({ page }) => {
    await page.goto('/');
    const tourism = page.getByRole('navigation', { name: '主导航' }).getByRole('link', {
      name: '滨海旅游',
    });
    await expect(tourism).toHaveAttribute('target', '_blank');
    await expect(tourism).toHaveAttribute('href', /^https?:\/\//);
    await expect(tourism).toHaveAttribute('rel', /noopener/);
  });

  test('an unknown address shows the 404 page with a way back home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);

    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('region', { name: '便民服务' })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
  });
});
