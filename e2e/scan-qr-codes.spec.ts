import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { acceptAgreement, registerThroughApi, useToken } from './account-helpers';
import { consentInDialog } from './session-helpers';

// Every QR code the site shows must open something real when a phone scans it.
test.use({ deviceScaleFactor: 2 });

/**
 * What a phone's scanner reads from the QR on screen (a screenshot decoded by jsQR). Like a
 * scanner it keeps looking until it reads a code, so a dialog still zooming in is read once it
 * stands still.
 */
async function scan(page: Page, code: Locator): Promise<string | null> {
  await expect(code).toBeVisible();
  let data: string | null = null;
  await expect
    .poll(async () => {
      data = await readOnce(page, code);
      return data;
    })
    .not.toBeNull();
  return data;
}

async function readOnce(page: Page, code: Locator): Promise<string | null> {
  const box = await code.boundingBox();
  if (!box) return null;
  const margin = 8;
  const shot = await page.screenshot({
    clip: {
      x: box.x - margin,
      y: box.y - margin,
      width: box.width + margin * 2,
      height: box.height + margin * 2,
    },
  });
  const png = PNG.sync.read(shot);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test('the 掌上服务 codes open the page or the home page on the site', async ({ page, baseURL }) => {
  const projects = await (await page.request.get('/api/projects?pageSize=1')).json();
  const projectId = (projects as { data: { list: { id: number }[] } }).data.list[0]?.id;
  await page.goto(`/houseHome?id=${projectId}`);
  const projectQr = page.getByRole('img', { name: '手机访问二维码' });
  expect(await scan(page, projectQr)).toBe(`${baseURL}/houseHome?id=${projectId}`);
  await expect(page.getByText('微信扫码看房')).toBeVisible();

  await page.getByRole('button', { name: '小程序' }).click();
  const barQr = page.getByRole('tooltip').getByRole('img', { name: '手机访问二维码' });
  expect(await scan(page, barQr)).toBe(`${baseURL}/`);
  await expect(page.getByText('微信扫一扫，在手机上打开')).toBeVisible();

  const news = await (await page.request.get('/api/news?pageSize=1')).json();
  const newsId = (news as { data: { list: { id: number }[] } }).data.list[0]?.id;
  await page.goto(`/informationAndPolicyDetails?id=${newsId}`);
  const newsQr = page.getByRole('img', { name: '手机访问二维码' });
  expect(await scan(page, newsQr)).toBe(`${baseURL}/informationAndPolicyDetails?id=${newsId}`);
});

test('the WeChat sign-in and real-name codes lead to their confirm pages', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '微信登录' }).click();
  await acceptAgreement(page);
  const wechatQr = page.getByRole('tabpanel').getByRole('img', { name: '微信登录二维码' });
  expect(await scan(page, wechatQr)).toMatch(new RegExp(`^${baseURL}/dev/wechat/[\\w-]{20,}$`));

  const citizen = await registerThroughApi(page.request);
  await useToken(page, citizen.token);
  await page.goto('/securitySetting');
  await page.getByRole('button', { name: '去认证' }).click();
  await consentInDialog(page);
  const realnameQr = page.getByRole('dialog').getByRole('img', { name: '实名认证二维码' });
  const target = await scan(page, realnameQr);
  expect(target).toMatch(new RegExp(`^${baseURL}/dev/realname/[\\w-]{20,}$`));
  const phonePage = await page.context().newPage();
  await phonePage.goto(target ?? '');
  await expect(phonePage.getByText('模拟', { exact: true })).toBeVisible();
  await phonePage.close();
});
