import { expect, type Locator, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';
import { PHONE, tokenOf } from './phone-helpers';

test.use(PHONE);

/**
 * Every cell of the table (or tables) in `scope` shows all of its text at 375 px: nothing
 * scrolls or is cut inside a cell (scrollWidth ≤ clientWidth), no cell reaches past the screen,
 * and each column's title is on the phone's screen with its values (`labels`).
 */
async function expectWholeCells(page: Page, scope: Locator, labels: readonly string[]) {
  await expect(scope.locator('tbody tr td').first()).toBeVisible();
  const cells = await scope.locator('tbody tr:not(.ant-table-placeholder) td').evaluateAll((tds) =>
    tds.map((td) => {
      const inner = td.querySelector<HTMLElement>('.ant-table-cell-content') ?? td;
      const box = td.getBoundingClientRect();
      return {
        text: (td.textContent ?? '').slice(0, 40),
        cut: td.scrollWidth > td.clientWidth + 1 || inner.scrollWidth > inner.clientWidth + 1,
        outside: box.right > window.innerWidth + 1 || box.left < -1,
        label: td.getAttribute('data-label'),
        shown: (td as HTMLElement).offsetParent !== null,
      };
    }),
  );
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.filter((cell) => cell.cut || cell.outside)).toEqual([]);
  const shownLabels = new Set(cells.filter((cell) => cell.shown).map((cell) => cell.label));
  for (const label of labels) expect(shownLabels, label).toContain(label);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('tables read as stacked rows at 375 px', () => {
  test('预售许可 and 监管账户 results show every column, 许可证号 and 监管账户 included', async ({
    page,
  }) => {
    await page.goto('/licensedemand');
    await page
      .getByRole('button', { name: /查\s?询/ })
      .first()
      .tap();
    const licences = page.locator('.ant-table').first();
    await expectWholeCells(page, licences, [
      '项目名称',
      '楼栋号',
      '坐落',
      '开发企业',
      '预售许可证号',
      '录入日期',
    ]);
    await expect(licences.locator('td[data-label="预售许可证号"]').first()).toBeInViewport({
      ratio: 0.5,
    });

    await page.goto('/fundsupervision');
    await page
      .getByRole('button', { name: /查\s?询/ })
      .first()
      .tap();
    const accounts = page.locator('.ant-table').first();
    await expectWholeCells(page, accounts, [
      '项目名称',
      '监管范围',
      '监管银行',
      '监管账户',
      '开发企业',
      '协议签订日期',
    ]);
  });

  test('/dataanalysis: the questionnaire table and 新房源 show whole labels and figures', async ({
    page,
  }) => {
    await page.goto('/dataanalysis');
    const questionnaires = page.locator('.ant-table').first();
    await questionnaires.scrollIntoViewIfNeeded();
    await expectWholeCells(page, questionnaires, [
      '姓名',
      '意向区域',
      '意向类型',
      '意向户型',
      '意向价格',
      '意向面积',
    ]);
    // 新房源: names and prices wrap inside their cells rather than ending in "…".
    const listing = page.getByTestId('new-listing-scroll');
    await listing.scrollIntoViewIfNeeded();
    const cut = await listing
      .locator('td')
      .evaluateAll((tds) =>
        tds.filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent ?? ''),
      );
    expect(cut).toEqual([]);
  });

  test('我的反馈 shows each whole title with its state and 查看', async ({ page, request }) => {
    const token = await tokenOf(request, '13800000001');
    const title = `手机上看不全的很长很长的反馈标题 ${Date.now() % 100000} 请完整显示`;
    const created = await request.post('/api/feedback', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, content: '标题在手机上被截断。' },
    });
    expect(created.status(), await created.text()).toBe(200);
    await useToken(page, token);
    await page.goto('/feedback');
    const table = page.getByTestId('feedback-table');
    await expect(table.getByText(title)).toBeVisible();
    await expectWholeCells(page, table, ['标题', '状态', '操作']);
  });
});
