import { expect, type Page, test } from '@playwright/test';
import { chooseOption, selectOf } from './antd-select';

/** The number in 地图范围内 N 个楼盘 (the projects of the visible area). */
async function foundCount(page: Page): Promise<number> {
  const text = await page.getByText(/地图范围内\s*\d+\s*个楼盘/).innerText();
  return Number(/\d+/.exec(text)?.[0] ?? -1);
}

const cluster = (page: Page, district: string) =>
  page.locator(`.leaflet-marker-icon[title^="${district} "]`);
const priceMarkers = (page: Page) => page.locator('[data-point-id]');

test('find a home on the map: from district clusters to price markers to a project', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/home');
  await page.getByRole('button', { name: '地图找房' }).click();
  // The map then keeps its view in the address (c=…&z=…) as soon as it has drawn it.
  await expect(page).toHaveURL(/\/map(\?|$)/);

  // Overview at zoom 11: district clusters with their project counts.
  const hgq = cluster(page, '海港区');
  await expect(hgq).toBeVisible();
  const title = (await hgq.getAttribute('title')) ?? '';
  const districtCount = Number(/(\d+)个楼盘/.exec(title)?.[1] ?? -1);
  expect(districtCount).toBeGreaterThan(0);
  const cityCount = await foundCount(page);
  expect(cityCount).toBeGreaterThan(districtCount);

  // A cluster click zooms to 12 and lists that district only.
  await hgq.click();
  await expect(page.getByRole('combobox', { name: '区域' }).locator('..')).toContainText('海港区');
  // The list counts what is visible of the district at zoom 12.
  await expect.poll(() => foundCount(page)).toBeGreaterThan(0);
  expect(await foundCount(page)).toBeLessThanOrEqual(districtCount);
  const items = page.getByRole('list', { name: '地图找房楼盘列表' }).getByRole('listitem');
  await expect(items.first()).toContainText('[海港区]');
  await expect(priceMarkers(page).first()).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon[title$="个楼盘"]')).toHaveCount(0);

  // A price marker shows its name and price; clicking it opens the project card.
  const marker = priceMarkers(page).first();
  const markerTitle = (await marker.locator('..').getAttribute('title')) ?? '';
  const name = markerTitle.replace(/ [^ ]+$/, '');
  expect(name.length).toBeGreaterThan(0);
  await expect(marker).toContainText(/元\/㎡|价格待定/);
  await marker.click();
  const card = page.getByRole('article', { name: `${name}信息` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('元/㎡');

  const [projectPage] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: '查看楼盘详情' }).click(),
  ]);
  await projectPage.waitForLoadState();
  await expect(projectPage).toHaveURL(/\/houseHome\?id=\d+/);
  await expect(projectPage.getByText(name).first()).toBeVisible();
  await projectPage.close();

  // Sorting by unit price orders the list from the highest price.
  await page.getByRole('group', { name: '排序' }).getByRole('button', { name: /单价/ }).click();
  await expect(items.first()).toBeVisible();
  const prices = (await items.locator('text=/元\\/㎡$/').allInnerTexts()).map((text) =>
    Number(text.replace(/[^\d]/g, '')),
  );
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  // Zooming out below 11 resets the filters and shows the clusters again.
  const zoomingMap = page.locator('.leaflet-container.leaflet-zoom-anim');
  await page.getByRole('button', { name: '缩小' }).click();
  await expect(cluster(page, '海港区')).toBeVisible();
  await expect(zoomingMap).toHaveCount(0);
  await expect.poll(() => foundCount(page)).toBeGreaterThan(0);
  expect(await foundCount(page)).toBeLessThanOrEqual(districtCount);
  await page.getByRole('button', { name: '缩小' }).click();
  await expect(cluster(page, '海港区')).toBeVisible();
  // Filters cleared, and a wider view than the first one: at least the city's first count.
  await expect.poll(() => foundCount(page)).toBeGreaterThanOrEqual(cityCount);

  // The panel collapses and expands, and the list keeps where it was scrolled to.
  // The list scrolls inside the box around it, below the filters.
  const list = page.getByRole('list', { name: '地图找房楼盘列表' }).locator('xpath=..');
  await expect(items.nth(5)).toBeVisible();
  await list.evaluate((box) => box.scrollTo({ top: 120 }));
  await expect.poll(() => list.evaluate((box) => box.scrollTop)).toBe(120);
  await page.getByRole('button', { name: /收起列表/ }).click();
  await expect(page.getByText(/地图范围内/)).toBeHidden();
  await page.getByRole('button', { name: /展开列表/ }).click();
  await expect(page.getByText(/地图范围内/)).toBeVisible();
  expect(await list.evaluate((box) => box.scrollTop)).toBe(120);

  // Back at zoom 12 with price markers, for the picture.
  await cluster(page, '海港区').click();
  await expect(priceMarkers(page).first()).toBeVisible();
  await expect(zoomingMap).toHaveCount(0);
  await page.waitForTimeout(500);
  const mapShot = testInfo.outputPath('map.png');
  await page.screenshot({ path: mapShot, fullPage: true });
  await testInfo.attach('map', { path: mapShot, contentType: 'image/png' });
});

test('the data-analysis dashboard shows its tables and charts with data', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/dataanalysis');
  const listing = page.getByRole('region', { name: '新房源' });
  // The first visit loads the chart bundle and runs seven aggregates: allow a busy machine time.
  await expect(listing.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  const scroller = page.getByTestId('new-listing-scroll');
  await expect.poll(() => scroller.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);

  const stats = page.getByRole('region', { name: '数据统计' });
  await expect(stats).toContainText('已发布楼盘');
  await expect(stats.getByText(/^[1-9][\d,]*\s*个$/)).toBeVisible();
  const cityDeals = await stats.innerText();
  await chooseOption(
    page,
    selectOf(page, page.getByRole('combobox', { name: '成交信息区域' })),
    '北戴河区',
  );
  await expect.poll(() => stats.innerText()).not.toBe(cityDeals);
  await expect(stats).toContainText('成交均价');

  const survey = page.getByRole('region', { name: '问卷调查' });
  await expect(survey.locator('tbody tr')).toHaveCount(6);
  await survey.getByRole('button', { name: '查看全部问卷' }).click();
  const dialog = page.getByRole('dialog', { name: '购房需求问卷' });
  await expect(dialog.locator('tbody tr:not([aria-hidden])')).toHaveCount(10);
  await expect(dialog.getByText(/共 \d+ 条/)).toBeVisible();
  await chooseOption(page, dialog.locator('.ant-pagination-options .ant-select'), '20 条/页');
  await expect(dialog.locator('tbody tr:not([aria-hidden])')).toHaveCount(20);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  // Reopening starts again at page 1 with 10 rows.
  await survey.getByRole('button', { name: '查看全部问卷' }).click();
  await expect(dialog.locator('tbody tr:not([aria-hidden])')).toHaveCount(10);
  await expect(dialog.locator('.ant-pagination-item-active')).toHaveText('1');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // One bar chart and six pies, each drawn on a canvas.
  await expect(
    page.getByRole('img', { name: '意向区域分布柱状图' }).locator('canvas'),
  ).toBeVisible();
  await expect(page.getByTestId('intent-pie').locator('canvas')).toHaveCount(6);
  for (const region of ['新房源', '数据统计', '问卷调查', '意向区域分布', '租购意向统计']) {
    await expect(page.getByRole('region', { name: region, exact: true })).toContainText('仅供参考');
  }

  await page.waitForTimeout(800);
  const shot = testInfo.outputPath('dataanalysis.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('dataanalysis', { path: shot, contentType: 'image/png' });
});
