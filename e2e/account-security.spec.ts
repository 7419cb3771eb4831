import { expect, test } from '@playwright/test';
import {
  readSmsCode,
  registerThroughApi,
  requestCode,
  signInWithPassword,
  freshIdCard,
  useToken,
} from './account-helpers';
import { consentInDialog } from './session-helpers';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

test('changing the password signs out every other device', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await signInWithPassword(page, account.phone, account.password);
  await page.goto('/securitySetting');
  await page.getByRole('button', { name: '修改' }).first().click();
  await expect(page).toHaveURL(/\/modifyPassword$/);
  await expect(page.getByRole('navigation', { name: '当前位置' }).getByRole('listitem')).toHaveText(
    ['首页', '安全设置', '修改密码'],
  );
  await expect(page.getByPlaceholder('请输入手机号码')).toHaveValue(account.phone);
  await requestCode(page);
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, account.phone));
  await page.getByPlaceholder('请输入新密码').fill('short');
  await page.getByPlaceholder('请输入验证码').click();
  await expect(
    page.getByText('密码须为8-20位字符，且必须包含大写字母、小写字母和数字'),
  ).toBeVisible();
  await page.getByPlaceholder('请输入新密码').fill('Renewed@2026');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码修改成功，其他设备上的登录已失效')).toBeVisible();
  await expect(page).toHaveURL(/\/securitySetting$/);

  const old = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(old.status()).toBe(401);
  expect((await old.json()).code).toBe('90001');
  await page.reload();
  await expect(page.getByRole('heading', { name: '安全设置' })).toBeVisible();
  const fresh = await page.request.post('/api/auth/login', {
    data: { account: account.phone, password: 'Renewed@2026', type: 'phone' },
  });
  expect((await fresh.json()).code).toBe('000000');
});

test('changes the phone number in three steps', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  const other = await registerThroughApi(page.request);
  const newPhone = `${account.phone.slice(0, 10)}${(Number(account.phone.slice(10)) + 5) % 10}`;
  await useToken(page, account.token);
  await page.goto('/modifyPhone');
  await expect(page.getByText('验证原手机号')).toBeVisible();
  await expect(page.getByPlaceholder('请输入手机号码')).toHaveValue(account.phone);
  await requestCode(page);
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, account.phone));
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page.getByLabel('新手机号')).toBeVisible();
  // Whether a number is taken is said only once its code is entered, never on sending one.
  // The code is sent through the API so the form's 60-second countdown stays for the new phone.
  await page.getByPlaceholder('请输入手机号码').fill(other.phone);
  await page.request.post('/api/auth/sms-codes', {
    data: { phone: other.phone, purpose: 'CHANGE_PHONE' },
  });
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, other.phone));
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('该手机号已被注册')).toBeVisible();
  await page.getByPlaceholder('请输入手机号码').fill(newPhone);
  await requestCode(page);
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, newPhone));
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('手机号修改成功')).toBeVisible();

  await page.getByRole('link', { name: '返回安全设置' }).click();
  await expect(page.getByText(`您已绑定手机 ${masked(newPhone)}`)).toBeVisible();
});

test('a new avatar shows in the personal-centre header', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await useToken(page, account.token);
  await page.goto('/myInfomation');
  await expect(page.getByTestId('personal-name')).toHaveText(masked(account.phone));
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#1f5fbf';
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = '#ffcc00';
      context.fillRect(100, 60, 120, 120);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await page.getByRole('button', { name: /修改头像/ }).click();
  const dialog = page.getByRole('dialog', { name: '修改头像' });
  await dialog.getByTestId('avatar-file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(dialog.getByLabel('头像裁剪区')).toBeVisible();
  await dialog.getByRole('button', { name: '放大' }).click();
  await dialog.getByRole('button', { name: '向右旋转' }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('上传成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const headerAvatar = page
    .getByRole('region', { name: '个人信息' })
    .getByRole('img', { name: '头像' });
  await expect(headerAvatar).toHaveAttribute('src', /\/oss\/app\/avatar\/\d+\/[0-9a-f]+-200\.jpg$/);

  await page.getByPlaceholder('请输入昵称').fill('海');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('长度在 3 到 15 个字符')).toBeVisible();
  await page.getByPlaceholder('请输入昵称').fill('看海的人');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('personal-name')).toHaveText('看海的人');
});

test('real-name verification through the mini-program simulator', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await useToken(page, account.token);
  await page.goto('/securitySetting');
  await page.getByRole('button', { name: '去认证' }).click();
  // The separate privacy consent comes before the face-verification QR.
  await consentInDialog(page);
  const dialog = page.getByRole('dialog', { name: '实名认证' });
  await expect(dialog.getByRole('img', { name: '实名认证二维码' })).toBeVisible();
  const link = await dialog
    .getByRole('link', { name: '在新标签页打开小程序认证页' })
    .getAttribute('href');

  const phonePage = await page.context().newPage();
  await phonePage.goto(link ?? '');
  await phonePage.getByLabel('真实姓名：').fill('李思远');
  await phonePage.getByLabel('身份证号：').fill(freshIdCard());
  await phonePage.getByRole('button', { name: '模拟识别通过' }).click();
  await expect(phonePage.getByText('认证成功')).toBeVisible();
  await phonePage.close();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('已认证').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '去认证' })).toHaveCount(0);
});
