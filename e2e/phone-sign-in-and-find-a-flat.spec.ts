import { expect, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';
import {
  expectReachable,
  expectWholeLabel,
  fillReachable,
  PHONE,
  tapReachable,
  verifiedBuyer,
} from './phone-helpers';
import { DEMO_BUYER } from './site-routes';

/*
 * A citizen on a phone (375 × 812, touch, WeChat's browser): signs in by password, and finds a
 * flat — two filters on /newHouse, a project, its building table and a green room. Every control
 * is checked to be inside the viewport with nothing over it before it is tapped.
 */

test.use(PHONE);

const AGREEMENT_WARNING = '登录需您阅读并同意《房地产交易服务平台用户服务协议》';

/** The document never scrolls sideways on the phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('signs in by password; Enter with the agreement unticked warns like the button', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Inside WeChat its own sign-in comes first; the password is one tab away.
  await expect(page.getByRole('tab', { name: '微信登录' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await tapReachable(page.getByRole('tab', { name: '账号密码登录' }));
  // The fields are named for assistive technology, not only by their placeholder.
  await fillReachable(page.getByRole('textbox', { name: '手机号' }), DEMO_BUYER.account);
  const password = page.getByLabel('密码', { exact: true });
  await fillReachable(password, DEMO_BUYER.password);

  // Enter before ticking the agreement: the same warning and agreement dialog as the button.
  await password.press('Enter');
  await expect(page.getByText(AGREEMENT_WARNING)).toBeVisible();
  const dialog = page.getByRole('dialog', { name: /用户服务协议/ });
  await expect(dialog).toBeVisible();
  await tapReachable(dialog.getByRole('button', { name: '关闭' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);

  await tapReachable(page.getByRole('checkbox', { name: '我已阅读并同意' }));
  await expect(page.getByRole('checkbox', { name: '我已阅读并同意' })).toBeChecked();
  await tapReachable(page.getByRole('button', { name: /^登\s?录$/ }));
  await expect(page).not.toHaveURL(/\/login/);
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'portal_session'))
    .toBe(true);

  // The buyer's recommendations open once after signing in; they close with 关闭.
  const recommended = page.getByRole('dialog', { name: '推荐楼盘' });
  await expect(recommended).toBeVisible();
  await tapReachable(recommended.getByRole('button', { name: '关闭' }));
  await expect(recommended).toBeHidden();

  // The compact header's menu holds the signed-in user's 个人中心.
  await tapReachable(page.getByRole('button', { name: '菜单' }));
  await expect(page.getByRole('link', { name: '个人中心' })).toBeVisible();
});

test('finds a flat: two filters, a project, its building table and a green room', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A verified buyer of their own: one identity holds one live deposit order, and the demo buyer
  // may hold one from an earlier journey.
  await useToken(page, await verifiedBuyer(request));
  await page.goto('/newHouse');
  await expectNoSidewaysScroll(page);

  // Two filters, each chosen in a bottom sheet and written to the address.
  await tapReachable(page.getByRole('button', { name: '区域', exact: true }));
  const areaSheet = page.getByRole('dialog', { name: '区域' });
  await tapReachable(areaSheet.getByRole('button', { name: '海港区' }));
  await expect(page).toHaveURL(/areaCode=HGQ/);
  await expect(areaSheet).toBeHidden();
  await tapReachable(page.getByRole('button', { name: '户型', exact: true }));
  const layoutSheet = page.getByRole('dialog', { name: '户型' });
  await tapReachable(layoutSheet.getByRole('button', { name: '三室' }));
  await expect(page).toHaveURL(/bedroom=3/);
  await expect(page.getByRole('button', { name: '区域：海港区' })).toBeVisible();
  await expect(page.getByRole('button', { name: '户型：三室' })).toBeVisible();

  // The state is the address: a reload shows the same filters.
  await page.reload();
  await expect(page.getByRole('button', { name: '区域：海港区' })).toBeVisible();
  await expect(page.getByRole('button', { name: '户型：三室' })).toBeVisible();

  // The results are single-column cards; open the first project.
  const cards = page.getByRole('region', { name: '楼盘列表' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const first = await cards.first().boundingBox();
  expect(first?.width ?? 0).toBeGreaterThan(300);
  const projectLink = cards.first().getByRole('heading').getByRole('link');
  const name = await projectLink.innerText();
  await tapReachable(projectLink);
  await expect(page).toHaveURL(/\/houseHome\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The six sections are one strip that scrolls sideways; 楼盘表 is reached in it.
  const tabs = page.getByRole('navigation', { name: '楼盘栏目' });
  const tableTab = tabs.getByRole('link', { name: '楼盘表' });
  await tableTab.scrollIntoViewIfNeeded();
  await tapReachable(tableTab);
  await expect(page).toHaveURL(/\/houses\?id=\d+/);
  await expect(tabs.getByRole('link', { name: '楼盘表' })).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);

  // The building table scrolls sideways in its own box, the floor column pinned at its left.
  const grid = page.getByRole('table', { name: '楼盘表房间' });
  await expect(grid.getByRole('rowheader').first()).toBeVisible();
  const green = '[data-color="green"]:has([data-deposit])';
  const row = grid
    .getByRole('row')
    .filter({ has: page.locator(green) })
    .first();
  const room = row.locator(green).first();
  await expect(room).toBeAttached();
  const gridBox = await grid.boundingBox();
  expect((gridBox?.x ?? 0) + (gridBox?.width ?? 999)).toBeLessThanOrEqual(375);
  const floorOfRoom = row.getByRole('rowheader');
  const deposit = room.getByRole('button', { name: '订约金缴纳' });
  // Scrolled to its far right end (where a unit is wider than the phone), the floor stays.
  await grid.evaluate((box) => (box.scrollLeft = box.scrollWidth));
  await deposit.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'end' }));
  const floorBox = await floorOfRoom.boundingBox();
  expect(Math.abs((floorBox?.x ?? -99) - (gridBox?.x ?? 0))).toBeLessThanOrEqual(1);
  await expectNoSidewaysScroll(page);

  // The legend stays in sight while the floors scroll.
  await expect(page.getByRole('list', { name: '房态图例' })).toBeInViewport();

  // Tapping the room's number opens what it is: area, unit price, total and layout, in a sheet.
  const number = room.getByRole('button', { name: / 房间详情$/ });
  await number.scrollIntoViewIfNeeded();
  await tapReachable(number);
  const sheet = page.getByRole('dialog', { name: / 房间详情$/ });
  await expect(sheet).toContainText('总价');
  await expect(sheet).toContainText('建筑面积');
  await expectReachable(sheet.getByRole('button', { name: '订约金缴纳' }));
  await expectWholeLabel(sheet.getByRole('button', { name: '订约金缴纳' }), '订约金缴纳');
  await sheet
    .getByRole('button', { name: 'Close' })
    .or(sheet.getByRole('button', { name: '关闭' }))
    .first()
    .tap();
  await expect(sheet).toBeHidden();

  // The cell's button shows its whole label on the narrow and the wide phones alike.
  for (const width of [360, 414, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await expectWholeLabel(deposit, '订约金缴纳');
  }

  // A green room: its deposit button leads to the order confirmation.
  await expectReachable(deposit);
  await deposit.tap();
  await expect(page).toHaveURL(/\/orderConfirmation\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '订单确认' })).toBeVisible();
  await expectReachable(page.getByRole('button', { name: '立即支付' }));
  await expectNoSidewaysScroll(page);
});
