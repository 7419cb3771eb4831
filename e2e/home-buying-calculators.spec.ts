import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseOption, selectOf } from './antd-select';

const SHOTS = process.env.TOOL_SHOTS_DIR;

/** Saves a full-page screenshot when TOOL_SHOTS_DIR is set (for looking at the pages). */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function result(page: Page): Locator {
  return page.getByRole('region', { name: '计算结果' });
}

/** The figure shown beside a result label, e.g. `5,307.27`. */
function figure(page: Page, label: string): Locator {
  return result(page)
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd');
}

const choose = (page: Page, label: string, option: string) =>
  chooseOption(
    page,
    selectOf(page, page.getByRole('combobox', { name: label, exact: true })),
    option,
  );

async function calculate(page: Page): Promise<void> {
  await page.getByRole('button', { name: '开始计算' }).click();
}

test.describe('a buyer works out what a home costs on /tool', () => {
  test('按贷款总额: a plain loan of 1,000,000 元 over 30 years at 4.9 % agrees with the banks to the fen', async ({
    page,
  }) => {
    await page.goto('/tool');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('房贷计算器');
    await expect(page.getByRole('complementary', { name: '利率表' })).toContainText('五年期以上');
    await page.getByText('按贷款总额', { exact: true }).click();
    await expect(page.getByLabel('单价')).toHaveCount(0);
    await page.getByLabel('贷款总额', { exact: true }).fill('100');
    await page.getByRole('combobox', { name: '商贷年限' }).fill('30');
    await page.keyboard.press('Enter');
    await page.getByText('旧版基准利率').click();
    await calculate(page);
    await expect(figure(page, '每月月供')).toHaveText('5,307.27 元');
    await expect(figure(page, '支付利息')).toHaveText('910,616.19 元');
    await expect(figure(page, '还款总额')).toHaveText('1,910,616.19 元');
    await expect(figure(page, '还款月数')).toHaveText('360 月');
    await expect(result(page)).not.toContainText('房屋总价');
    await expect(result(page)).toContainText('舍入差额 −1.01 元已计入最后一期');
    await expect(result(page)).toContainText('仅供参考');
    await expect(page.getByRole('table', { name: '月供明细' })).toContainText('第1期');
    await expect(page).toHaveURL(/typer=amount/);
    await shot(page, 'tool-tab1-loan-amount');

    await page.getByText('等额本金', { exact: true }).click();
    await expect(figure(page, '首月月供')).toHaveText('6,861.11 元');
    await expect(figure(page, '每月递减')).toHaveText('11.34 元');
    await expect(figure(page, '支付利息')).toHaveText('737,041.67 元');

    await page.reload();
    await expect(page.getByLabel('贷款总额', { exact: true })).toHaveValue('100');
    await page.getByRole('button', { name: '重置' }).click();
    await expect(page.getByLabel('单价')).toHaveValue('');
    await expect(page).not.toHaveURL(/typer|totalLoan/);
  });

  test('按房价: a 1,000,000 元 home with 30 % down; the subsidy is income after the purchase', async ({
    page,
  }) => {
    await page.goto('/tool?tab=1&unitPrice=10000&area=100');
    await expect(page.getByRole('status', { name: '房屋总价' })).toHaveText('1,000,000.00 元');
    await expect(page.getByRole('status', { name: '首付款' })).toHaveText('300,000.00 元');
    await page.getByRole('combobox', { name: '商贷年限' }).fill('30');
    await page.keyboard.press('Enter');
    await page.getByText('旧版基准利率').click();
    await calculate(page);
    await expect(figure(page, '房屋总价')).toHaveText('1,000,000.00 元');
    await expect(figure(page, '首付款')).toHaveText('300,000.00 元');
    await expect(figure(page, '贷款总额')).toHaveText('700,000.00 元');
    await expect(figure(page, '每月月供')).toHaveText('3,715.09 元');
    await expect(figure(page, '支付利息')).toHaveText('637,431.34 元');
    const subsidies = page.getByRole('region', { name: '购房补贴' });
    await expect(subsidies).toContainText('购房后发放，不抵减首付款');
    await expect(figure(page, '财政补贴')).toHaveText('10,000.00 元');
    await expect(figure(page, '实际购房成本')).toHaveText('1,627,431.34 元');
    await shot(page, 'tool-tab1-loan-price');

    await page.getByText('组合贷款', { exact: true }).click();
    await page.getByLabel('公积金贷款金额').fill('30');
    await expect(page.getByRole('status', { name: '商业贷款金额' })).toHaveText('400,000.00 元');
    await calculate(page);
    await expect(figure(page, '商业贷款')).toHaveText('400,000.00 元');
    await expect(figure(page, '公积金贷款')).toHaveText('300,000.00 元');
    await expect(figure(page, '首付款')).toHaveText('300,000.00 元');
    await expect(page).toHaveURL(/loanType=combined/);
    await expect(page).toHaveURL(/totalLoan_HPF=30/);
  });

  test('按贷款总额 for a provident-fund and a combined loan, kept in the URL across a reload', async ({
    page,
  }) => {
    await page.goto('/tool?tab=1');
    // Taps made before the page is taken over are done once it is: wait for each to show.
    await page.getByText('按贷款总额', { exact: true }).click();
    await expect(page.getByLabel('单价')).toHaveCount(0);
    await page.getByText('公积金贷款', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '公积金贷款' })).toBeChecked();
    await page.getByLabel('贷款总额', { exact: true }).fill('12');
    await page.getByRole('combobox', { name: '公积金年限' }).fill('10');
    await page.keyboard.press('Enter');
    await calculate(page);
    // The provident rate in force for over five years, first home (2.6 %, 2025-05-08):
    // 120,000 元 over 120 months → 1,136.7039 元 a month (Python Decimal).
    await expect(page.getByRole('note', { name: '利率依据' })).toContainText(
      '（2025年5月8日起执行）',
    );
    await expect(figure(page, '每月月供')).toHaveText('1,136.70 元');
    await expect(figure(page, '支付利息')).toHaveText('16,404.46 元');
    await expect(page).toHaveURL(/typer=amount/);
    await expect(page).toHaveURL(/loanType=provident/);

    await page.getByText('组合贷款', { exact: true }).click();
    await page.getByLabel('商业贷款金额').fill('70');
    await page.getByRole('combobox', { name: '商贷年限' }).fill('30');
    await page.keyboard.press('Enter');
    await page.getByText('旧版基准利率').click();
    await page.reload();
    await expect(page.getByLabel('商业贷款金额')).toHaveValue('70');
    await expect(page.getByLabel('公积金贷款金额')).toHaveValue('12');
    await calculate(page);
    await expect(figure(page, '商业贷款')).toHaveText('700,000.00 元');
    await expect(figure(page, '公积金贷款')).toHaveText('120,000.00 元');
    await expect(figure(page, '每月月供')).toHaveText('4,851.79 元');
    await expect(figure(page, '支付利息')).toHaveText('653,835.80 元');
    await expect(result(page)).not.toContainText('首付款');
    await shot(page, 'tool-tab1-loan-amount-combined');
  });

  test('a link from a room opens the loan tab filled with its price and area', async ({ page }) => {
    await page.goto('/tool?tab=1&unitPrice=9800&area=89.5');
    await expect(page.getByLabel('单价')).toHaveValue('9800');
    await expect(page.getByLabel('面积')).toHaveValue('89.5');
    await expect(page.getByRole('status', { name: '房屋总价' })).toHaveText('877,100.00 元');
    await page.getByLabel('单价').fill('98a00.456');
    await expect(page.getByLabel('单价')).toHaveValue('9800.45');
  });

  test('the provident-fund limit tab caps the term by age and says so', async ({ page }) => {
    await page.goto('/tool?tab=2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('公积金贷款额度');
    await calculate(page);
    await expect(page.getByText('请输入正确年龄')).toBeVisible();
    await page.getByLabel('年龄', { exact: true }).fill('45');
    await page.getByLabel('月缴存额', { exact: true }).fill('1000');
    await choose(page, '缴存比例', '20%');
    await calculate(page);
    await expect(result(page)).toContainText('按借款人年龄，贷款期限最长为15年，已按15年计算');
    await expect(figure(page, '贷款期限')).toHaveText('15 年');
    await expect(figure(page, '最高可贷额度')).toHaveText('360,000.00 元');
    await page.getByRole('combobox', { name: '贷款期限' }).fill('10年');
    await page.keyboard.press('Enter');
    await calculate(page);
    await expect(figure(page, '贷款期限')).toHaveText('10 年');
    await expect(figure(page, '最高可贷额度')).toHaveText('210,000.00 元');
    await expect(result(page)).not.toContainText('已按15年计算');
    await expect(page).toHaveURL(/loanYears=10/);
    await shot(page, 'tool-tab2-provident');
  });

  test('the ability assessor warns about low funds and still shows what they buy', async ({
    page,
  }) => {
    await page.goto('/tool?tab=3');
    await calculate(page);
    await expect(page.getByText('请填写计划购买房屋面积')).toBeVisible();
    await page.getByLabel('现有可用于购房的资金').fill('3');
    await page.getByLabel('家庭月收入').fill('6000');
    await page.getByLabel('每月可用于购房的支出').fill('5000');
    await page.getByLabel('计划购买房屋面积').fill('100');
    await choose(page, '贷款期限', '360个月（30年）');
    await calculate(page);
    await expect(result(page)).toContainText('您确定是3万元？那么您目前尚不具备购房能力');
    await expect(result(page)).toContainText('建议在40%（2400元）左右');
    await expect(figure(page, '可购买房屋总价')).toHaveText('120,000.00 元');
    await expect(figure(page, '可购买房屋单价')).toHaveText('1,200.00 元/㎡');

    await page.getByLabel('现有可用于购房的资金').fill('30');
    await calculate(page);
    await expect(figure(page, '可贷款额')).toHaveText('870,000.00 元');
    await expect(figure(page, '可购买房屋总价')).toHaveText('1,110,000.00 元');
    await shot(page, 'tool-tab3-ability');
  });

  test('the early-repayment calculator, its date conflict and the paid-off tip', async ({
    page,
  }) => {
    await page.goto('/tool?tab=4');
    await page.getByLabel('原贷款金额').fill('100');
    // A loan signed on the old benchmark (4.9 % over five years), first paid in January 2020.
    await choose(page, '利率', '旧版基准利率');
    await page.getByRole('combobox', { name: '第一次还款时间年份' }).fill('2020');
    await page.keyboard.press('Enter');
    await choose(page, '第一次还款时间月份', '1月');
    await page.getByRole('combobox', { name: '预计提前还款时间年份' }).fill('2025');
    await page.keyboard.press('Enter');
    await choose(page, '预计提前还款时间月份', '1月');
    await page.getByText('部分提前还款', { exact: true }).click();
    await page.getByLabel('部分提前还款额').fill('20');
    await calculate(page);
    await expect(figure(page, '原月还款额')).toHaveText('7,855.94 元');
    await expect(figure(page, '已还款总额')).toHaveText('471,356.53 元');
    await expect(figure(page, '下月起月还款额')).toHaveText('7,832.79 元');
    await expect(figure(page, '新的最后还款期')).toHaveText('2031年10月');
    await shot(page, 'tool-tab4-early');

    await page.getByLabel('部分提前还款额').fill('90');
    await calculate(page);
    await expect(result(page)).toContainText('您的提前还款额已足够还清所欠贷款！');

    await page.getByRole('combobox', { name: '预计提前还款时间年份' }).fill('2019');
    await page.keyboard.press('Enter');
    await calculate(page);
    const conflict = '预计提前还款时间与第一次还款时间有矛盾，请查实';
    await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveText(conflict);
    await expect(page.locator('.ant-message-error')).toHaveText(conflict);
    await expect(result(page)).toHaveCount(0);
  });

  test('early repayment of a loan first paid in 2024 at the rates in force; 6亿 is warned about', async ({
    page,
  }) => {
    await page.goto('/tool?tab=4');
    await expect(page.getByRole('note', { name: '利率依据' })).toContainText(
      '5年期以上3.5%（2025年5月20日起执行）',
    );
    await page.getByLabel('原贷款金额').fill('60000');
    const warning = '贷款金额超过3000万元，超出银行个人住房贷款的一般额度，请核实金额';
    await expect(page.getByText(warning)).toBeVisible();
    await page.getByLabel('原贷款金额').fill('100');
    await expect(page.getByText(warning)).toHaveCount(0);
    await page.getByRole('combobox', { name: '第一次还款时间年份' }).fill('2024');
    await page.keyboard.press('Enter');
    await choose(page, '第一次还款时间月份', '3月');
    await page.getByRole('combobox', { name: '预计提前还款时间年份' }).fill('2026');
    await page.keyboard.press('Enter');
    await choose(page, '预计提前还款时间月份', '3月');
    await calculate(page);
    // 1,000,000 元 over 180 months at the five-year LPR of 3.5 %: 7,148.83 元 a month.
    await expect(figure(page, '原月还款额')).toHaveText('7,148.83 元');
    await expect(figure(page, '原最后还款期')).toHaveText('2039年2月');
    await shot(page, 'tool-tab4-early-2024');
  });

  test('the tax calculator for a new and a second-hand home', async ({ page }) => {
    await page.goto('/tool?tab=5');
    await calculate(page);
    await expect(page.getByText('请选择购房性质')).toBeVisible();
    await choose(page, '购房性质', '首套');
    await page.getByLabel('单价').fill('10000');
    await page.getByLabel('面积').fill('100');
    await choose(page, '房屋类别', '住宅');
    await calculate(page);
    await expect(figure(page, '契税')).toHaveText('10,000.00 元');
    await expect(figure(page, '维修基金')).toHaveText('12,000.00 元');

    await page.getByRole('radio', { name: '二手房', exact: true }).check();
    await choose(page, '几年内转让', '不满2年');
    await page.getByLabel('原购房价格').fill('800000');
    await choose(page, '卖方性质', '唯一住房');
    await calculate(page);
    await expect(figure(page, '增值税')).toHaveText('47,619.05 元');
    await expect(figure(page, '个人所得税')).toHaveText('10,000.00 元');
    await shot(page, 'tool-tab5-tax');
  });

  test('the fiscal-subsidy calculator', async ({ page }) => {
    await page.goto('/tool');
    await page.getByRole('tab', { name: '财政补贴计算器' }).click();
    await expect(page).toHaveURL(/tab=6/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('财政补贴计算器');
    await page.getByLabel('单价').fill('8650');
    await page.getByLabel('面积').fill('89.5');
    await page.getByLabel('其他补贴').fill('20000');
    await calculate(page);
    await expect(figure(page, '财政补贴')).toHaveText('7,741.75 元');
    await expect(figure(page, '实际购房成本')).toHaveText('746,433.25 元');
    await shot(page, 'tool-tab6-subsidy');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('a plain loan in one column: labels over the fields, the result under the form', async ({
    page,
  }) => {
    await page.goto('/tool?tab=1');
    await page.getByText('按贷款总额', { exact: true }).tap();
    const amount = page.getByLabel('贷款总额', { exact: true });
    await amount.fill('100');
    await page.getByRole('button', { name: '开始计算' }).tap();
    // 1,000,000 元 over the default 20 years at the five-year LPR in force (3.5 %, 2025-05-20):
    // 5,799.5972 元 a month (Python Decimal).
    await expect(figure(page, '每月月供')).toHaveText('5,799.60 元');
    const label = await page.locator('label[for="totalLoan"]').boundingBox();
    const field = await amount.boundingBox();
    expect(label && field && label.y + label.height <= field.y).toBe(true);
    const box = await page.locator('.ant-input-affix-wrapper', { has: amount }).boundingBox();
    expect(box && box.height >= 44).toBe(true);
    const form = await page
      .getByRole('button', { name: '开始计算' })
      .locator('xpath=ancestor::form')
      .boundingBox();
    const panel = await result(page).boundingBox();
    const notes = await page.getByRole('complementary', { name: '利率表' }).boundingBox();
    expect(panel && form && panel.y >= form.y + form.height).toBe(true);
    expect(notes && panel && notes.y >= panel.y + panel.height).toBe(true);
    await shot(page, 'tool-phone-loan');
  });

  test('opened by its link, the tab of the last calculator is scrolled into the strip', async ({
    page,
  }) => {
    await page.goto('/tool?tab=6');
    const strip = page.getByRole('navigation', { name: '购房工具' });
    const current = strip.locator('a[aria-current="page"]');
    await expect(current).toHaveText('财政补贴计算器');
    // The strip is wider than the phone, so the sixth tab starts out of sight until centred.
    expect(await strip.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await expect.poll(() => strip.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    const stripBox = await strip.boundingBox();
    const tabBox = await current.boundingBox();
    expect(stripBox && tabBox).toBeTruthy();
    expect(tabBox!.x).toBeGreaterThanOrEqual(stripBox!.x);
    expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(stripBox!.x + stripBox!.width);
  });
});
