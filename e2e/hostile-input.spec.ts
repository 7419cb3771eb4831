import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';

/**
 * Script payloads typed into fields that are stored and shown to people: whatever comes back,
 * nothing runs in the reader's browser. Plain-text fields show the payload as text; rich-text
 * fields keep only the allowed markup.
 */

async function signIn(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { account, password: 'Demo@2026' },
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** Counts script executions and dialogs triggered by payloads in the page. */
async function watchForScripts(page: Page): Promise<() => Promise<number>> {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __pwned: number }).__pwned = 0;
  });
  return async () =>
    dialogs + (await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned));
}

test('script in a nickname is shown as text', async ({ page, request }) => {
  const token = await signIn(request, '13800000002');
  const nickName = '<svg/onload=x>';
  const saved = await request.put('/api/users/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { nickName, gender: 1, birthday: '1990-01-01', signature: '' },
  });
  expect(saved.status()).toBe(200);

  const executions = await watchForScripts(page);
  await useToken(page, token);
  await page.goto('/myInfomation');
  await expect(page.getByText(nickName).first()).toBeVisible();
  expect(await page.locator('svg[onload]').count()).toBe(0);
  expect(await executions()).toBe(0);
});

test('script in a question to the operators is removed, its text kept', async ({
  page,
  request,
}) => {
  const token = await signIn(request, '13800000001');
  const auth = { authorization: `Bearer ${token}` };
  const captcha = await request.get('/api/feedback/captcha', { headers: auth });
  const { captchaId } = ((await captcha.json()) as { data: { captchaId: string } }).data;
  const digits = await request.get(`/api/dev/captcha/${captchaId}`);
  const { code } = ((await digits.json()) as { data: { code: string } }).data;
  const title = `安全检查 ${Date.now()}`;
  const created = await request.post('/api/feedback', {
    headers: auth,
    data: {
      realname: '张三',
      phone: '13800000001',
      title,
      content:
        '<p>楼盘信息有误<img src=x onerror="window.__pwned++"></p>' +
        '<script>window.__pwned++</script><a href="javascript:window.__pwned++">链接</a>',
      captchaId,
      num: code,
    },
  });
  expect(created.status()).toBe(200);
  const list = await request.get('/api/feedback', { headers: auth });
  const row = (
    (await list.json()) as { data: { list: { id: number; title: string }[] } }
  ).data.list.find((item) => item.title === title);
  expect(row).toBeTruthy();

  const executions = await watchForScripts(page);
  await useToken(page, token);
  await page.goto(`/feedbackDetails?id=${row?.id}`);
  await expect(page.getByText('楼盘信息有误')).toBeVisible();
  await expect(page.getByText('链接')).toBeVisible();
  expect(await page.locator('[href^="javascript:" i]').count()).toBe(0);
  expect(await page.locator('img[onerror], script:not([src])').count()).toBe(0);
  expect(await executions()).toBe(0);
});
