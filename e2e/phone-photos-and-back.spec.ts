import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { expectReachable, PHONE, tapReachable } from './phone-helpers';

/*
 * On a phone (375 × 812, touch, WeChat's browser): nothing opens a new tab, Back returns to the
 * search results with their filters and scroll position, and a listing's photos open in the
 * full-screen viewer, which turns on a swipe and zooms with two fingers
 * (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 */

test.use(PHONE);

/** One finger's (or two fingers') path on the screen, through the DevTools touch events. */
async function touchPath(
  session: CDPSession,
  from: Array<{ x: number; y: number }>,
  to: Array<{ x: number; y: number }>,
): Promise<void> {
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: from });
  const steps = 8;
  for (let step = 1; step <= steps; step += 1) {
    const points = from.map((start, i) => ({
      x: start.x + ((to[i]!.x - start.x) * step) / steps,
      y: start.y + ((to[i]!.y - start.y) * step) / steps,
    }));
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function newTabsDuring(page: Page, action: () => Promise<void>): Promise<number> {
  let opened = 0;
  const count = () => (opened += 1);
  page.context().on('page', count);
  await action();
  await page.waitForTimeout(300);
  page.context().off('page', count);
  return opened;
}

test('the home search opens 新房 in place; Back keeps the filters and the scroll position', async ({
  page,
}) => {
  await page.goto('/home');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const opened = await newTabsDuring(page, async () => {
    await tapReachable(page.getByRole('button', { name: /搜\s?索/ }));
    await expect(page).toHaveURL(/\/newHouse/);
  });
  expect(opened).toBe(0);

  // A filter chosen in its bottom sheet goes into the address.
  await tapReachable(page.getByRole('button', { name: '区域', exact: true }));
  await tapReachable(
    page.getByRole('dialog', { name: '区域' }).getByRole('button', { name: '海港区' }),
  );
  await expect(page).toHaveURL(/areaCode=HGQ/);
  const cards = page.getByRole('region', { name: '楼盘列表' }).getByRole('article');
  await expect(cards.nth(3)).toBeVisible();

  // Down the results to the fourth project, then into it.
  // (Again if the list was drawn anew meanwhile, its answer read again.)
  let scrolled = 0;
  await expect(async () => {
    await cards.nth(3).evaluate((card) => card.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
  }).toPass({ timeout: 10_000 });
  // Where the reader leaves from: bringing the link within reach may move the page again (when
  // something lay over it for a moment, such as the list's loading veil).
  const link = cards.nth(3).getByRole('heading').getByRole('link');
  await expectReachable(link);
  scrolled = await page.evaluate(() => window.scrollY);
  await link.tap();
  await expect(page).toHaveURL(/\/houseHome\?id=\d+/);

  // Back: the same filtered results, where the reader left them.
  await page.goBack();
  await expect(page).toHaveURL(/\/newHouse\?.*areaCode=HGQ/);
  await expect(page.getByRole('button', { name: '区域：海港区' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 40);
});

test('a listing photo opens full screen, turns on a swipe and zooms with two fingers', async ({
  page,
  request,
}) => {
  const answer = await request.get('/api/listings?type=1&pageNum=1&pageSize=20');
  const listings = (await answer.json()).data.list as Array<{ id: number }>;
  expect(listings.length).toBeGreaterThan(0);
  let id = 0;
  for (const listing of listings) {
    const detail = await (await request.get(`/api/listings/${listing.id}`)).json();
    if ((detail.data.secondHouse as unknown[]).length >= 2) {
      id = listing.id;
      break;
    }
  }
  expect(id, 'a listing with two photos or more').toBeGreaterThan(0);
  await page.goto(`/detailscs?id=${id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const address = page.url();

  // The large picture carries its 暂停播放 button in a corner: tapped in its middle.
  const large = page.getByRole('button', { name: '查看大图' });
  await large.scrollIntoViewIfNeeded();
  const opened = await newTabsDuring(page, () => large.tap());
  expect(opened).toBe(0);
  const viewer = page.getByRole('dialog', { name: '图片查看' });
  await expect(viewer).toBeVisible();
  const stage = page.getByTestId('photo-viewer').locator('[data-index]');
  const first = Number(await stage.getAttribute('data-index'));
  const box = (await stage.boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // A swipe to the left turns to the next photo.
  const session = await page.context().newCDPSession(page);
  await touchPath(
    session,
    [{ x: middle.x + 120, y: middle.y }],
    [{ x: middle.x - 120, y: middle.y }],
  );
  await expect(stage).not.toHaveAttribute('data-index', String(first));
  const second = Number(await stage.getAttribute('data-index'));

  // Two fingers spread apart zoom in; the photo does not turn meanwhile.
  await touchPath(
    session,
    [
      { x: middle.x - 30, y: middle.y },
      { x: middle.x + 30, y: middle.y },
    ],
    [
      { x: middle.x - 110, y: middle.y },
      { x: middle.x + 110, y: middle.y },
    ],
  );
  await expect.poll(async () => Number(await stage.getAttribute('data-scale'))).toBeGreaterThan(2);
  expect(Number(await stage.getAttribute('data-index'))).toBe(second);
  await session.detach();

  // The phone's Back closes the viewer and stays on the listing, where it was.
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.goBack();
  await expect(viewer).toBeHidden();
  expect(page.url()).toBe(address);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(40);

  // So does 关闭.
  await large.tap();
  await expect(viewer).toBeVisible();
  await tapReachable(viewer.getByRole('button', { name: '关闭图片查看' }));
  await expect(viewer).toBeHidden();
  expect(page.url()).toBe(address);
});

test('the bottom tab bar leads to the sections and scrolls the current one back to the top', async ({
  page,
}) => {
  await page.goto('/newHouse');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const bar = page.getByRole('navigation', { name: '底部导航' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: '新房' })).toHaveAttribute('aria-current', 'page');
  // No floating button on a phone: 客服 is in the menu.
  await expect(page.getByRole('button', { name: '智能客服' })).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 1200));
  await tapReachable(bar.getByRole('link', { name: '新房' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await tapReachable(bar.getByRole('link', { name: '二手房' }));
  await expect(page).toHaveURL(/\/secondhandhouse/);
  await expect(bar.getByRole('link', { name: '二手房' })).toHaveAttribute('aria-current', 'page');

  // A visitor's 我的 asks to sign in and comes back to the personal centre.
  await tapReachable(bar.getByRole('link', { name: '我的' }));
  await expect(page).toHaveURL(/\/login\?redirect=.*myInfomation/);

  // The menu's 智能客服 opens the chat.
  await tapReachable(page.getByRole('button', { name: '菜单' }));
  await tapReachable(page.getByRole('button', { name: '智能客服' }));
  await expect(page.getByRole('dialog', { name: '智能客服' })).toBeVisible();
});
