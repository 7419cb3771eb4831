import { expect, type Page, test } from '@playwright/test';
import { acceptAgreement, freshPhone, readSmsCode, requestCode } from './account-helpers';

/** Opens the WeChat tab, ticks the agreement and confirms the QR from a second page. */
async function scanAndConfirm(page: Page, openid: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: '微信登录' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('请您仔细阅读需 《服务协议》并同意勾选')).toBeVisible();
  await expect(panel.getByRole('img', { name: '微信登录二维码' })).toHaveCount(0);
  await acceptAgreement(page);
  await expect(panel.getByRole('img', { name: '微信登录二维码' })).toBeVisible();
  const confirmUrl = await panel
    .getByRole('link', { name: '在新标签页打开扫码确认页' })
    .getAttribute('href');
  expect(confirmUrl).toContain('/dev/wechat/');

  const phonePage = await page.context().newPage();
  await phonePage.goto(confirmUrl ?? '');
  await expect(phonePage.getByText('模拟', { exact: true })).toBeVisible();
  await phonePage.getByLabel('模拟微信用户 openid：').fill(openid);
  await phonePage.getByRole('button', { name: '确认登录' }).click();
  await expect(phonePage.getByText('已确认登录')).toBeVisible();
  await phonePage.close();
}

test('a WeChat user binds a phone once, then signs in by scanning alone', async ({ page }) => {
  const openid = `o_e2e_${Date.now()}`;
  const phone = freshPhone();
  await scanAndConfirm(page, openid);

  // The phone is bound on its own page, which then returns to where the citizen was.
  await expect(page).toHaveURL(/\/bindingPhone\?redirect=%2Fhome$/);
  await expect(page.getByText('您的微信尚未绑定手机号，请绑定后继续使用。')).toBeVisible();
  await page.getByPlaceholder('请输入手机号码').fill(phone);
  await requestCode(page);
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, phone));
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const masked = new RegExp(`${phone.slice(0, 3)}\\*{4}${phone.slice(7)}`);
  const userMenu = page.getByRole('button', { name: masked });
  await expect(userMenu).toBeVisible();

  // Signing in opens the 推荐楼盘 pop-up (docs/product/accounts.md); close it before using the user menu.
  const popup = page.getByRole('dialog', { name: '推荐楼盘' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(popup).toBeHidden();
  await userMenu.hover();
  await page.getByText('退出', { exact: true }).click();
  await expect(page.getByRole('link', { name: '登录' })).toBeVisible();

  await scanAndConfirm(page, openid);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: masked })).toBeVisible();
});

test('an expired QR offers a refresh', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await page.getByRole('tab', { name: '微信登录' }).click();
  await acceptAgreement(page);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('img', { name: '微信登录二维码' })).toBeVisible();
  await page.clock.runFor(121_000);
  const refresh = panel.getByRole('button', { name: /二维码失效/ });
  await expect(refresh).toBeVisible();
  await expect(refresh).toContainText('请点击刷新');
  await refresh.click();
  await expect(panel.getByRole('img', { name: '微信登录二维码' })).toBeVisible();
  await expect(refresh).toHaveCount(0);
});
