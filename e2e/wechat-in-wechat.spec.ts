import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  freshIdCard,
  readSmsCode,
  registerThroughApi,
  requestCode,
  useToken,
} from './account-helpers';
import { expectReachable, PHONE, tapReachable, verifiedBuyer } from './phone-helpers';
import { acceptLegalThroughApi } from './session-helpers';

/*
 * Inside WeChat's browser on a phone, WeChat does the work
 * (docs/decisions/0053-wechat-web-authorisation.md): 订约金缴纳 in a room's sheet asks a signed-out
 * citizen to sign in, WeChat first and without a QR; WeChat's authorisation (the simulator's
 * 允许 page) brings them back to the same room with its sheet open, signed in, and the deposit
 * goes on from there.
 */

test.use(PHONE);

/** A building table place with a green room in its first unit: /houses?id=…&building=…&unit=…. */
async function tableWithGreenRoom(request: APIRequestContext): Promise<string> {
  const get = async <T>(url: string): Promise<T> =>
    ((await (await request.get(url)).json()) as { data: T }).data;
  const projects = await get<{ list: { id: number }[] }>('/api/projects?pageSize=20');
  for (const project of projects.list) {
    const buildings = await get<{ id: number }[]>(
      `/api/building-table/projects/${project.id}/buildings`,
    );
    for (const building of buildings) {
      const table = await get<{
        unit: string;
        floors: { houseList: { color: string; allowSell: boolean }[] }[];
      }>(`/api/building-table/buildings/${building.id}/rooms`);
      const rooms = table.floors.flatMap((floor) => floor.houseList);
      if (rooms.some((room) => room.color === 'green' && room.allowSell)) {
        const query = new URLSearchParams({
          id: String(project.id),
          building: String(building.id),
          unit: table.unit,
        });
        return `/houses?${query.toString()}`;
      }
    }
  }
  throw new Error('no green room to book');
}

test('signs in through WeChat from the 订约金缴纳 prompt and lands back on the room', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The WeChat user will bind the phone of a verified buyer of their own.
  const token = await verifiedBuyer(request);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const phone = ((await me.json()) as { data: { phoneNumber: string } }).data.phoneNumber;

  await page.goto(await tableWithGreenRoom(request));
  const grid = page.getByRole('table', { name: '楼盘表房间' });
  const room = grid.locator('[data-color="green"]:has([data-deposit])').first();
  const roomId = await room.getAttribute('data-room');
  const number = room.getByRole('button', { name: / 房间详情$/ });
  const roomName = (await number.innerText()).trim();
  await number.scrollIntoViewIfNeeded();
  await tapReachable(number);
  const sheet = page.getByRole('dialog', { name: `${roomName} 房间详情` });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]room=${roomId}(&|$)`));

  // Signed out: the prompt offers every method, WeChat first, as a button — no QR.
  await tapReachable(sheet.getByRole('button', { name: '订约金缴纳' }));
  const prompt = page.getByRole('dialog', { name: '登录', exact: true });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('tab')).toHaveText(['微信登录', '手机验证码登录', '账号密码登录']);
  await expect(prompt.getByRole('tab', { name: '微信登录' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(prompt.getByRole('img', { name: '微信登录二维码' })).toHaveCount(0);
  await prompt.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await tapReachable(prompt.getByRole('button', { name: /微信一键登录/ }));

  // WeChat's authorisation (the simulator's page in its place): a new WeChat user allows.
  await expect(page).toHaveURL(/\/dev\/wechat-oauth\/authorize\?/);
  await expect(page.getByText('模拟', { exact: true })).toBeVisible();
  await page.getByLabel('模拟微信用户 openid：').fill(`o_e2e_oauth_${Date.now()}`);
  await page.getByRole('button', { name: '允许' }).tap();

  // First time: the phone is bound once (SMS code), then back to the room.
  await expect(page).toHaveURL(/\/bindingPhone\?redirect=/);
  await page.getByPlaceholder('请输入手机号码').fill(phone);
  await requestCode(page);
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page.request, phone));
  await page.getByRole('button', { name: '绑定并登录' }).tap();

  await expect(page).toHaveURL(new RegExp(`/houses\\?.*room=${roomId}(&|$)`));
  const reopened = page.getByRole('dialog', { name: `${roomName} 房间详情` });
  await expect(reopened).toBeVisible();

  // Signed in now: the same button goes on with the deposit.
  const deposit = reopened.getByRole('button', { name: '订约金缴纳' });
  await expectReachable(deposit);
  await deposit.tap();
  await expect(page).toHaveURL(new RegExp(`/orderConfirmation\\?id=${roomId}`));
  await expect(page.getByRole('heading', { level: 1, name: '订单确认' })).toBeVisible();
});

test('a citizen who declines WeChat’s authorisation is told why and offered the others', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Ffeedback');
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await page.getByRole('button', { name: /微信一键登录/ }).tap();
  await expect(page).toHaveURL(/\/dev\/wechat-oauth\/authorize\?/);
  await page.getByRole('button', { name: '拒绝' }).tap();
  await expect(page).toHaveURL(/\/login\?wechatError=denied&redirect=%2Ffeedback/);
  await expect(page.getByRole('alert')).toContainText('您未同意微信授权');
  await expect(page.getByRole('tab', { name: '手机验证码登录' })).toBeVisible();
});

test('real-name verification from the deposit flow opens in the page, without a QR', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { token } = await registerThroughApi(request);
  await acceptLegalThroughApi(request, token, 'privacy');
  await useToken(page, token);
  const table = await tableWithGreenRoom(request);
  await page.goto(table);
  const room = page
    .getByRole('table', { name: '楼盘表房间' })
    .locator('[data-color="green"]:has([data-deposit])')
    .first();
  const roomId = await room.getAttribute('data-room');
  const number = room.getByRole('button', { name: / 房间详情$/ });
  const roomName = (await number.innerText()).trim();
  await number.scrollIntoViewIfNeeded();
  await tapReachable(number);
  const sheet = page.getByRole('dialog', { name: `${roomName} 房间详情` });
  await tapReachable(sheet.getByRole('button', { name: '订约金缴纳' }));

  // Not verified yet: the verification opens here — no QR for the phone in hand.
  const verify = page.getByRole('dialog', { name: '实名认证' });
  await expect(verify).toBeVisible();
  await expect(verify.getByRole('img', { name: '实名认证二维码' })).toHaveCount(0);
  const start = verify.getByRole('button', { name: '开始人脸识别认证' });
  await expect(start).toBeEnabled();
  await tapReachable(start);

  // The face-verification simulator in place of the provider's H5 page.
  await expect(page).toHaveURL(/\/dev\/realname\//);
  await page.getByLabel('真实姓名：').fill('张晓明');
  await page.getByLabel('身份证号：').fill(freshIdCard());
  await page.getByRole('button', { name: '模拟识别通过' }).tap();
  await expect(page.getByText('认证成功')).toBeVisible();
  await page.getByRole('link', { name: '返回继续办理' }).tap();

  // Back on the room, verified: the deposit goes on.
  await expect(page).toHaveURL(new RegExp(`/houses\\?.*room=${roomId}(&|$)`));
  const reopened = page.getByRole('dialog', { name: `${roomName} 房间详情` });
  await tapReachable(reopened.getByRole('button', { name: '订约金缴纳' }));
  await expect(page).toHaveURL(new RegExp(`/orderConfirmation\\?id=${roomId}`));
});
