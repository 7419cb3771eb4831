import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { PHONE } from './phone-helpers';

/*
 * A citizen on a phone taps as soon as the server-rendered page shows, before the app's code has
 * taken it over (docs/decisions/0048-server-rendered-public-pages.md, docs/decisions/0057): the
 * tap is neither lost nor done twice, and the list answers it. The app's code is held back until
 * the tap has been made, so the tap certainly lands on the page as the server drew it, as on a
 * slow phone network.
 */

interface ProjectPage {
  total: number;
  list: { publishName: string }[];
}

async function projects(request: APIRequestContext, query: string): Promise<ProjectPage> {
  const response = await request.get(`/api/projects?pageNum=1&pageSize=20${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ProjectPage }).data;
}

/**
 * Opens `url` on a phone with the app's code (all but the boot script) held back: resolves once
 * the page has painted from its HTML, with `release` letting the code through.
 */
async function openBeforeTheCode(context: BrowserContext, url: string) {
  const page = await context.newPage();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!/\/boot-[\w-]+\.js$/.test(route.request().url())) await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  // The page as the server drew it, not yet taken over.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  return { page, release };
}

async function resultCount(page: Page): Promise<number> {
  const text = await page.getByText(/共找到\s*\d+\s*个楼盘/).innerText();
  return Number(/\d+/.exec(text)?.[0] ?? -1);
}

const cards = (page: Page) => page.getByRole('region', { name: '楼盘列表' }).getByRole('article');

test.describe('taps right after the first paint, on a phone', () => {
  let context: BrowserContext;
  test.beforeEach(async ({ browser, baseURL }) => {
    context = await browser.newContext({ ...PHONE, baseURL });
  });
  test.afterEach(async () => {
    await context.close();
  });

  test('a sort tapped before the code arrived is done once, and the list follows it', async ({
    request,
  }) => {
    const { page, release } = await openBeforeTheCode(context, '/newHouse');
    const byPrice = page.getByRole('group', { name: '排序' }).getByRole('button', { name: /单价/ });
    await expect(byPrice).toHaveAttribute('aria-pressed', 'false');
    await byPrice.tap();
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

    // Once: unit price, highest first (sortType 2). A doubled tap would have turned it to
    // lowest first (3); a lost one would have left the default order.
    await expect(page).toHaveURL(/sortType=2(&|$)/);
    await expect(byPrice).toHaveAttribute('aria-pressed', 'true');
    await expect(byPrice).toContainText('↓');
    const expected = await projects(request, '&sortType=2');
    await expect(cards(page).first().getByRole('heading')).toContainText(
      expected.list[0]!.publishName,
    );
    await expect(cards(page).nth(1).getByRole('heading')).toContainText(
      expected.list[1]!.publishName,
    );
    // It stays as it is: nothing replays the tap later.
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/sortType=2(&|$)/);
  });

  test('a district filter opened before the code arrived narrows the list to it', async ({
    request,
  }) => {
    const { page, release } = await openBeforeTheCode(context, '/newHouse');
    await page.getByRole('button', { name: '区域', exact: true }).tap();
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

    // The early tap opened the district sheet, once.
    const sheet = page.getByRole('dialog', { name: '区域' });
    await expect(sheet).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await sheet.getByRole('button', { name: '海港区' }).tap();
    await expect(page).toHaveURL(/areaCode=HGQ/);
    await expect(sheet).toBeHidden();

    const expected = await projects(request, '&areaCode=HGQ');
    await expect.poll(() => resultCount(page)).toBe(expected.total);
    await expect(cards(page).first().getByRole('heading')).toContainText(
      expected.list[0]!.publishName,
    );
    const shown = await cards(page).count();
    expect(shown).toBe(Math.min(20, expected.total));
    for (let index = 0; index < shown; index += 1) {
      await expect(cards(page).nth(index)).toContainText('[海港区]');
    }
  });

  test('a reader who scrolled before the code arrived stays where they were, and their tap counts', async () => {
    const { page, release } = await openBeforeTheCode(context, '/newHouse');
    const third = cards(page).nth(2);
    const name = (await third.getAttribute('aria-label')) ?? '';
    await third.getByRole('button', { name: /^对比/ }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    await third.getByRole('button', { name: /^对比/ }).tap();
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

    // The take-over does not move the page back to the top under the reader's finger.
    await expect(third.getByRole('button', { name: `取消对比${name}` })).toBeVisible();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
    await expect(page.getByRole('region', { name: '对比栏' })).toContainText(name);
  });

  test('a 小区 typed before the code arrived reaches the box, and its suggestions follow', async ({
    request,
  }) => {
    const first = (await (await request.get('/api/listings?type=1&pageSize=1')).json()) as {
      data: { list: Array<{ scVO: { communityName: string } }> };
    };
    const community = first.data.list[0]?.scVO.communityName ?? '';
    expect(community.length).toBeGreaterThan(1);
    const typed = community.slice(0, 2);
    const { page, release } = await openBeforeTheCode(context, '/secondhandhouse');
    const box = page.getByRole('combobox', { name: '小区名称' });
    await box.tap();
    await box.pressSequentially(typed, { delay: 40 });
    // Every key shows at once, as the reader types.
    await expect(box).toHaveValue(typed);
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

    // Handed to the app: the text stays, and the drop-down suggests the 小区 with its listings.
    await expect(box).toHaveValue(typed);
    const suggestion = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${community}\\s*\\d+套$`) });
    await expect(suggestion).toBeVisible();
  });

  test('on /tool a reader who scrolled to the loan form and picked 按贷款总额 early keeps both', async () => {
    const { page, release } = await openBeforeTheCode(context, '/tool?tab=1');
    const byTotal = page.getByText('按贷款总额', { exact: true });
    await page.mouse.wheel(0, 300);
    await byTotal.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    const before = await byTotal.boundingBox();
    await byTotal.tap();
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

    // The server drew the page as the app does (the heading included): nothing moves when it
    // is taken over, so the tap is done on the label it was aimed at, and the page stays put.
    await expect(page.getByRole('radio', { name: '按贷款总额' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: '贷款总额', exact: true })).toBeVisible();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
    expect(Math.abs(((await byTotal.boundingBox())?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(2);
  });
});

test('in another time zone the page is drawn afresh, and a tap made before that is still done', async ({
  browser,
  baseURL,
}) => {
  // Dates were drawn in the city's time zone: here the app draws the page again instead of
  // taking the server's drawing over, with new elements in the same places.
  const context = await browser.newContext({ ...PHONE, baseURL, timezoneId: 'Europe/Berlin' });
  const { page, release } = await openBeforeTheCode(context, '/newHouse');
  const first = cards(page).first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('button', { name: /^对比/ }).tap();
  release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(first.getByRole('button', { name: `取消对比${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: '对比栏' })).toContainText(name);
  await context.close();
});
