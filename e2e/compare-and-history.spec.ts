import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi, useToken } from './account-helpers';
import { PHONE } from './phone-helpers';

/** The comparison table's first column stays in place while the table scrolls sideways. */
async function expectPinnedFirstColumn(page: Page): Promise<void> {
  const region = page.getByRole('region', { name: '对比表，可左右滑动' });
  await expect(region).toBeVisible();
  const label = region.getByRole('rowheader', { name: /平台价/ });
  const before = await label.boundingBox();
  await region.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect
    .poll(async () => region.evaluate((element) => element.scrollLeft))
    .toBeGreaterThan(0);
  const after = await label.boundingBox();
  expect(after?.x).toBeCloseTo(before?.x ?? -1, 0);
  // Nothing wider than the phone: only the table's box scrolls.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
}

test.describe('compare projects and keep a browsing history', () => {
  test('picks two projects with 对比, compares them, and the link reopens the same comparison', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/newHouse');
    await page.evaluate(() => window.localStorage.removeItem('portal.compare'));
    await page.reload();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const firstName = (await cards.nth(0).getAttribute('aria-label')) ?? '';
    const secondName = (await cards.nth(1).getAttribute('aria-label')) ?? '';
    await cards
      .nth(0)
      .getByRole('button', { name: `对比${firstName}` })
      .click();
    const tray = page.getByRole('region', { name: '对比栏' });
    await expect(tray).toContainText(firstName);
    await expect(tray.getByRole('button', { name: '开始对比' })).toBeDisabled();
    await cards
      .nth(1)
      .getByRole('button', { name: `对比${secondName}` })
      .click();
    await expect(cards.nth(1).getByRole('button', { name: `取消对比${secondName}` })).toBeVisible();
    await tray.getByRole('button', { name: '开始对比' }).click();

    await expect(page).toHaveURL(/\/compare\?type=project&ids=\d+(%2C|,)\d+$/);
    await expect(page.getByRole('heading', { name: '楼盘对比' })).toBeVisible();
    await expect(page.getByRole('link', { name: firstName })).toBeVisible();
    await expect(page.getByRole('link', { name: secondName })).toBeVisible();
    for (const label of [
      '平台价',
      '面积区间',
      '户型',
      '开发企业',
      '预售许可证',
      '物业费',
      '绿化率',
      '车位数',
    ])
      await expect(page.getByRole('rowheader', { name: new RegExp(label) })).toBeVisible();
    await page.screenshot({ path: 'test-results/compare-1440.png', fullPage: true });

    // The address alone carries the comparison: a fresh page with no picks shows the same table.
    const address = page.url();
    await page.evaluate(() => window.localStorage.removeItem('portal.compare'));
    await page.goto(address);
    await expect(page.getByRole('link', { name: firstName })).toBeVisible();
    await expect(page.getByRole('link', { name: secondName })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByRole('link', { name: secondName })).toBeAttached();
    await expectPinnedFirstColumn(page);
    await page.screenshot({ path: 'test-results/compare-375.png', fullPage: true });
  });

  test('a fifth project is refused with a clear message', async ({ page }) => {
    await page.goto('/newHouse');
    await page.evaluate(() => window.localStorage.removeItem('portal.compare'));
    await page.reload();
    const cards = page.getByRole('article');
    await expect(cards.nth(4)).toBeVisible();
    for (let index = 0; index < 4; index += 1)
      await cards.nth(index).getByRole('button', { name: /^对比/ }).click();
    await cards.nth(4).getByRole('button', { name: /^对比/ }).click();
    await expect(page.getByText('最多对比 4 个楼盘，请先移除一个')).toBeVisible();
    await expect(page.getByRole('region', { name: '对比栏' })).toContainText('4/4');
  });

  test('a signed-in buyer finds a viewed listing in 浏览记录 and clears it', async ({
    browser,
    request,
  }) => {
    const { token } = await registerThroughApi(request);
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await useToken(page, token);
    await page.goto('/secondhandhouse');
    const card = page.getByRole('article').first();
    const title = (await card.getAttribute('aria-label')) ?? '';
    await card.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: `对比${title}` })).toBeVisible();

    await page.goto('/myHistory');
    await expect(page.getByRole('heading', { name: '浏览记录' })).toBeVisible();
    const entry = page.getByRole('link', { name: title });
    await expect(entry).toBeVisible();
    await expect(page.getByText(/浏览于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeVisible();
    await page.screenshot({ path: 'test-results/my-history-375.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/my-history-1440.png', fullPage: true });

    await page.getByRole('button', { name: '清空' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确定清空全部浏览记录吗？');
    await dialog
      .getByRole('button', { name: '清 空' })
      .or(dialog.getByRole('button', { name: '清空' }))
      .click();
    await expect(page.getByText('暂无浏览记录')).toBeVisible();
    await page.reload();
    await expect(page.getByText('暂无浏览记录')).toBeVisible();
    await context.close();
  });
});
