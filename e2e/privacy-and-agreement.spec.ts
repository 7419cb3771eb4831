import { expect, test } from '@playwright/test';
import { passwordToken, registerThroughApi, useToken } from './account-helpers';
import { PHONE, tapReachable, tokenOf } from './phone-helpers';
import { acceptLegalThroughApi, legalVersion } from './session-helpers';

/*
 * On a phone (375 px, touch): the separate privacy consent asked before real-name verification,
 * a new agreement version asked again of a signed-in citizen, and the personal centre's data
 * download and account closing.
 */

test.use(PHONE);

async function legalStatus(
  request: Parameters<typeof tokenOf>[0],
  token: string,
): Promise<{
  agreement: { acceptedVersion: number | null };
  privacy: { acceptedVersion: number | null };
}> {
  const response = await request.get('/api/legal/me/status', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: never }).data;
}

test('asks the separate privacy consent before real-name verification, shows its text in place, and records it', async ({
  page,
}) => {
  const citizen = await registerThroughApi(page.request);
  await useToken(page, citizen.token);
  await page.goto('/securitySetting');
  await tapReachable(page.getByRole('button', { name: '去认证' }));

  const consent = page.getByRole('dialog', { name: '个人信息处理单独同意' });
  await expect(consent).toContainText('不保存人脸图像');
  // The policy's full text opens inside the step (no new tab on a phone) and closes again.
  const policy = consent.getByRole('button', { name: /个人信息保护政策/ });
  await expect(policy).toHaveAttribute('aria-expanded', 'false');
  await tapReachable(policy);
  await expect(consent.getByTestId('privacy-consent-text')).toBeVisible();
  await expect(consent.getByTestId('privacy-consent-text').locator('h2').first()).toBeVisible();
  await tapReachable(policy);
  await expect(consent.getByTestId('privacy-consent-text')).toHaveCount(0);
  // 不同意: nothing is recorded and the verification is not offered.
  await tapReachable(consent.getByRole('button', { name: '不同意' }));
  await expect(consent).toBeHidden();
  await expect(page.getByRole('button', { name: '开始人脸识别认证' })).toHaveCount(0);
  expect((await legalStatus(page.request, citizen.token)).privacy.acceptedVersion).toBeNull();

  await tapReachable(page.getByRole('button', { name: '去认证' }));
  await tapReachable(consent.getByRole('button', { name: '同意并继续' }));
  const realname = page.getByRole('dialog', { name: '实名认证' });
  // On a phone the face check opens in the page; no QR is shown to the phone in hand.
  await expect(realname.getByRole('button', { name: '开始人脸识别认证' })).toBeVisible();
  await expect(realname.getByRole('img', { name: '实名认证二维码' })).toHaveCount(0);
  const privacy = await legalVersion(page.request, 'privacy');
  expect((await legalStatus(page.request, citizen.token)).privacy.acceptedVersion).toBe(privacy);
});

test('asks a signed-in citizen to accept a new agreement version; 不同意并退出 signs out', async ({
  page,
  browser,
}) => {
  const agreeing = await registerThroughApi(page.request);
  const declining = await registerThroughApi(page.request);
  const operator = await passwordToken(page.request, '13900000000', 'Admin@2026');
  const previous = await legalVersion(page.request, 'agreement');
  const published = await page.request.post('/api/admin/legal/agreement/versions', {
    headers: { authorization: `Bearer ${operator}` },
    data: {
      title: '房地产交易服务平台用户服务协议',
      body: '## 一、协议的确认\n本版本调整了订约金退还的表述，请您阅读后选择是否同意。',
    },
  });
  expect(published.ok()).toBe(true);
  const next = previous + 1;

  try {
    await useToken(page, agreeing.token);
    await page.goto('/home');
    const modal = page.getByRole('dialog', { name: /用户服务协议》已更新/ });
    await expect(modal).toContainText(`第${next}版`);
    await expect(modal).toContainText('本版本调整了订约金退还的表述');
    // It cannot be dismissed: Escape leaves it open.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await tapReachable(modal.getByRole('button', { name: '同意', exact: true }));
    await expect(modal).toBeHidden();
    expect((await legalStatus(page.request, agreeing.token)).agreement.acceptedVersion).toBe(next);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(modal).toHaveCount(0);

    const context = await browser.newContext({ ...PHONE });
    const other = await context.newPage();
    await useToken(other, declining.token);
    await other.goto('/myInfomation');
    const otherModal = other.getByRole('dialog', { name: /用户服务协议》已更新/ });
    await tapReachable(otherModal.getByRole('button', { name: '不同意并退出' }));
    await expect(other).toHaveURL(/\/login\?redirect=/);
    const me = await other.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await context.close();
  } finally {
    // The demo accounts later journeys sign in with accept the new version too.
    for (const account of ['13800000001', '13800000002']) {
      await acceptLegalThroughApi(page.request, await tokenOf(page.request, account), 'agreement');
    }
  }
});

test("downloads the citizen's own data and closes the account", async ({ page }) => {
  const citizen = await registerThroughApi(page.request);
  await useToken(page, citizen.token);
  await page.goto('/myData');
  await expect(page.getByRole('heading', { name: '我的数据', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '同意记录' })).toContainText('已同意第');

  const download = page.waitForEvent('download');
  await tapReachable(page.getByRole('button', { name: '下载我的数据' }));
  const file = await download;
  const exported = JSON.parse(
    await (
      await file.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8')),
  ) as {
    profile: { phone: string };
    consents: Array<{ kind: string }>;
  };
  expect(exported.profile.phone).toBe(citizen.phone);
  expect(exported.consents.map((c) => c.kind)).toContain('agreement');

  await tapReachable(page.getByRole('button', { name: '注销账号' }));
  const dialog = page.getByRole('dialog', { name: '确认注销账号' });
  await dialog.getByPlaceholder('请输入登录密码').fill(citizen.password);
  await tapReachable(dialog.getByRole('button', { name: '确认注销' }));
  await expect(page.getByText('账号已注销')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  const again = await page.request.post('/api/auth/login', {
    data: { account: citizen.phone, password: citizen.password },
  });
  expect(again.status()).toBe(400);
});
