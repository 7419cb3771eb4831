import { expect, test } from '@playwright/test';
import {
  acceptAgreement,
  freshPhone,
  readSmsCode,
  requestCode,
  signInWithPassword,
} from './account-helpers';

test.describe('a citizen gets an account and signs in', () => {
  test('registers, signs out and signs in again with the password', async ({ page }) => {
    const phone = freshPhone();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: '新用户注册' })).toBeVisible();

    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(
      page.getByText('登录需您阅读并同意《房地产交易服务平台用户服务协议》'),
    ).toBeVisible();
    await page.getByRole('button', { name: '取消' }).click();

    await page.getByPlaceholder('请输入手机号').fill('12345');
    await page.getByPlaceholder('请输入验证码').click();
    await expect(page.getByText('请输入正确的手机号')).toBeVisible();
    await page.getByPlaceholder('请输入手机号').fill(phone);
    await requestCode(page);
    await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, phone));
    await page.getByPlaceholder('请设置登录密码').fill('weakpass');
    await page.getByPlaceholder('请输入验证码').click();
    await expect(page.getByText('密码格式不正确')).toBeVisible();
    await page.getByPlaceholder('请设置登录密码').fill('Citizen@2026');
    await acceptAgreement(page);
    await page.getByRole('button', { name: '注册并登录' }).click();

    await expect(page).toHaveURL(/\/home$/);
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const userMenu = page.getByRole('button', { name: new RegExp(masked.replace(/\*/g, '\\*')) });
    await expect(userMenu).toBeVisible();

    await userMenu.hover();
    await page.getByText('退出', { exact: true }).click();
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();

    await signInWithPassword(page, phone, 'Citizen@2026');
    await expect(
      page.getByRole('button', { name: new RegExp(masked.replace(/\*/g, '\\*')) }),
    ).toBeVisible();
  });

  test('the agreement dialog must be read to its end before 同意并继续', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '登 录' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('《房地产交易服务平台用户服务协议》')).toBeVisible();
    const accept = dialog.getByRole('button', { name: '同意并继续' });
    await expect(accept).toBeDisabled();
    await dialog.getByTestId('agreement-text').evaluate((box) => {
      box.scrollTop = box.scrollHeight;
    });
    await expect(accept).toBeEnabled();
    await accept.click();
    await expect(page.getByRole('checkbox', { name: '我已阅读并同意' })).toBeChecked();
  });

  test('a wrong password keeps the page idle with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').fill('13800000002');
    await page.getByPlaceholder('请输入密码').fill('Wrong@2026');
    await acceptAgreement(page);
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page.getByText('账号或密码错误')).toBeVisible();
    await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  });

  test('signs in with an SMS code read from the simulator outbox', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    await page.getByRole('tabpanel').getByPlaceholder('请输入手机号').fill('13800000002');
    await requestCode(page);
    await page
      .getByPlaceholder('请输入验证码')
      .fill(await readSmsCode(page.request, '13800000002'));
    await acceptAgreement(page);
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: '登录' })).toHaveCount(0);
    // The session is in an HttpOnly cookie the page's scripts cannot read, and nowhere else.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'portal_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('portal_session');
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(
      cookies.find((cookie) => cookie.name === 'portal_session')?.value ?? '-',
    );
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()).data.phoneNumber).toBe('13800000002');
  });

  test('a protected page sends a visitor to /login and back after signing in', async ({ page }) => {
    await page.goto('/securitySetting');
    await expect(page).toHaveURL(/\/login\?redirect=%2FsecuritySetting$/);
    await page.getByPlaceholder('请输入手机号').fill('13800000001');
    await page.getByPlaceholder('请输入密码').fill('Demo@2026');
    await acceptAgreement(page);
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(/\/securitySetting$/);
    await expect(page.getByRole('link', { name: '安全设置' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('已认证').first()).toBeVisible();
  });
});
