import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

/** The seeded demo buyer (apps/server/src/seed/demo-accounts.ts DEMO_BUYER_QUERY). */
const BUYER = {
  district: '海港区',
  idCard: '130302199003151234',
  contract: 'WQ2026HGQ000001',
  password: '246810',
};

const shots = process.env.E2E_SCREENSHOTS ?? '';
async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  // Let dialogs finish their opening animation before the picture.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('looking up pre-sale licences by project name, paging and finding nothing', async ({
  page,
}) => {
  await page.goto('/licensedemand');
  await expect(page.getByRole('heading', { name: '预售许可查询' })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  await shoot(page, 'licensedemand');

  const name = (await rows.first().locator('td').first().innerText()).trim();
  await page.getByPlaceholder('请输入项目名称').fill(`  ${name}  `);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(rows.first().locator('td').first()).toContainText(name);

  await page.getByPlaceholder('请输入开发企业').fill('不存在的开发企业');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.getByText('暂无相关内容')).toBeVisible();
  await expect(page.getByText(/关注官方公众号/)).toBeVisible();
  await shoot(page, 'licensedemand-empty');
});

test('reading the fund supervision accounts with a bigger page', async ({ page }) => {
  await page.goto('/fundsupervision');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.getByTitle('20 条/页').click();
  await expect(page.locator('.ant-pagination-options')).toContainText('20 条/页');
  await shoot(page, 'fundsupervision');
});

test('a buyer checks the supervised funds with valid and invalid credentials', async ({ page }) => {
  await page.goto('/yszjpage');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.getByText('身份证号不能为空')).toBeVisible();
  await page.getByPlaceholder('请输入购房人身份证号').fill('130302199003151230');
  await expect(page.getByText('请输入有效的身份证号')).toBeVisible();

  await page.getByRole('combobox').click();
  await page.getByTitle(BUYER.district).click();
  await page.getByPlaceholder('请输入购房人身份证号').fill(` ${BUYER.idCard} `);
  await page.getByPlaceholder('请输入合同编号').fill(BUYER.contract);
  await page.getByPlaceholder('请输入购房密码').fill('000000');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.getByText(/未查询到相关信息/)).toBeVisible();

  await page.getByPlaceholder('请输入购房密码').fill(BUYER.password);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('预售资金监管进帐信息')).toBeVisible();
  await expect(dialog.getByText('资金入账信息')).toBeVisible();
  await shoot(page, 'yszjpage-result');
});

test('a buyer checks the signed contract and resets the form', async ({ page }) => {
  await page.goto('/spfqypage');
  await page.getByRole('combobox').click();
  await page.getByTitle(BUYER.district).click();
  await page.getByPlaceholder('请输入购房人身份证号').fill(BUYER.idCard);
  await page.getByPlaceholder('请输入合同编号').fill(BUYER.contract);
  await page.getByPlaceholder('请输入购房密码').fill(BUYER.password);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('商品房签约信息')).toBeVisible();
  await expect(dialog.getByText('价款信息')).toBeVisible();
  await expect(dialog.getByText('资金入账信息')).toHaveCount(0);
  await shoot(page, 'spfqypage-result');
  await page.locator('.ant-modal-close').click();
  await page.getByRole('button', { name: /重\s?置/ }).click();
  await expect(page.getByPlaceholder('请输入合同编号')).toHaveValue('');
  await expect(page.getByRole('combobox')).toHaveValue('');
  await expect(page.locator('.ant-select').getByText('请选择区域')).toBeVisible();
  await shoot(page, 'spfqypage-form');
});
