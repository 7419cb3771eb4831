import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { PHONE } from './phone-helpers';

interface History {
  currentPrice: number;
  changes: Array<{ changedAt: string; oldPrice: number; newPrice: number; changePercent: number }>;
}

async function historyOf(request: APIRequestContext, path: string): Promise<History> {
  const response = await request.get(`/api/price-history/${path}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data as History;
}

/** The first of `ids` whose history has changes (or has none, with `repriced` false). */
async function findSubject(
  request: APIRequestContext,
  kind: 'projects' | 'listings',
  ids: number[],
  repriced: boolean,
): Promise<{ id: number; history: History }> {
  for (const id of ids) {
    const history = await historyOf(request, `${kind}/${id}`);
    if (history.changes.length > 0 === repriced) return { id, history };
  }
  throw new Error(`no ${kind} ${repriced ? 'with' : 'without'} price changes in the demo city`);
}

/** Shows the 价格走势 panel, with its drawn chart and one row per change, newest first. */
async function expectChart(page: Page, history: History, firstRow: RegExp) {
  const panel = page.getByRole('region', { name: '价格走势' });
  await panel.scrollIntoViewIfNeeded();
  const chart = panel.getByRole('img', { name: /走势图$/ });
  await expect(chart.locator('canvas')).toBeVisible();
  const rows = panel.getByRole('table', { name: '调价记录' }).locator('tbody tr');
  await expect(rows).toHaveCount(history.changes.length);
  await expect(rows.first()).toContainText(firstRow);
  // The chart keeps inside the page on a phone.
  const box = await chart.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

// A change is told by an arrow and a word as well as its colour (docs/product/accessibility.md).
const percentText = (percent: number) =>
  `${percent > 0 ? '▲ 上涨 +' : percent < 0 ? '▼ 下降 ' : '持平 '}${percent.toFixed(1)}%`;

test('see how a price moved: 价格走势 on a project home page and a listing page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const projects = await request.get('/api/projects?pageNum=1&pageSize=20');
  const projectIds = ((await projects.json()).data.list as Array<{ id: number }>).map((p) => p.id);

  const repriced = await findSubject(request, 'projects', projectIds, true);
  await page.goto(`/houseHome?id=${repriced.id}`);
  const newest = repriced.history.changes.at(-1)!;
  await expectChart(
    page,
    repriced.history,
    new RegExp(
      `${newest.oldPrice.toLocaleString('en-US')}元/㎡ → ${newest.newPrice.toLocaleString('en-US')}元/㎡\\s*${percentText(newest.changePercent).replace('+', '\\+')}`,
    ),
  );

  const steady = await findSubject(request, 'projects', projectIds, false);
  await page.goto(`/houseHome?id=${steady.id}`);
  const panel = page.getByRole('region', { name: '价格走势' });
  await expect(panel).toContainText('暂无调价记录');
  await expect(panel).toContainText(`${steady.history.currentPrice.toLocaleString('en-US')}元/㎡`);
  await expect(panel.locator('canvas')).toHaveCount(0);

  const listings = await request.get('/api/listings?type=1&pageNum=1&pageSize=20');
  const listingIds = ((await listings.json()).data.list as Array<{ id: number }>).map((l) => l.id);
  const listing = await findSubject(request, 'listings', listingIds, true);
  await page.goto(`/detailscs?id=${listing.id}`);
  const last = listing.history.changes.at(-1)!;
  await expectChart(
    page,
    listing.history,
    new RegExp(`万 → .*万\\s*${percentText(last.changePercent).replace('+', '\\+')}`),
  );
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the listing price trend of /dataanalysis fits the screen and says when it was computed', async ({
    page,
  }) => {
    await page.goto('/dataanalysis');
    const block = page.getByRole('region', { name: '二手房挂牌均价' });
    await block.scrollIntoViewIfNeeded();
    await expect(block).toContainText(/数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const districts = block.getByRole('img', { name: '各区域二手房挂牌月均价折线图' });
    await expect(districts.locator('canvas')).toBeVisible();
    await expect(block.getByRole('img', { name: '主要小区二手房挂牌月均价折线图' })).toBeVisible();
    const box = await districts.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
