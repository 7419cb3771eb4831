import { expect, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';
import {
  expectReachable,
  fillReachable,
  greenRoomId,
  PHONE,
  pickByTap,
  tapReachable,
  tokenOf,
  verifiedBuyer,
} from './phone-helpers';

test.use(PHONE);

/** A small real PNG (48×32) for the photo uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl9NMBrtYH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcYSBSXFrwI5wAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** A dialog is a sheet across the whole width of the phone, resting on its bottom edge. */
async function expectBottomSheet(page: Page, dialogName: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: dialogName });
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box && [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)];
    })
    .toEqual([0, 375, 812]);
}

/** Taps the file picker tile of a photo field and chooses pictures, as a phone user would. */
async function pickPhotos(page: Page, label: string, names: string[]): Promise<void> {
  const tile = page.locator('label').filter({ has: page.getByLabel(label) });
  await expectReachable(tile);
  const box = await tile.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tile.tap()]);
  await chooser.setFiles(names.map(photo));
  for (const name of names) await expect(page.getByRole('img', { name })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('a citizen on a phone', () => {
  let token = '';
  let orderId = 0;
  let orderNo = '';

  test('books a green flat, pays the deposit at the bank and lands on the order', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    token = await verifiedBuyer(request);
    const roomId = await greenRoomId(request);
    await useToken(page, token);

    await page.goto(`/orderConfirmation?id=${roomId}`);
    await expect(page.getByRole('heading', { level: 1, name: '订单确认' })).toBeVisible();
    await expect(page.getByRole('region', { name: '购房人信息' })).toContainText('张晓明');
    // Nothing of the page lies beyond the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await tapReachable(page.getByRole('checkbox', { name: '我已阅读并同意' }));
    await expect(page.getByRole('checkbox', { name: '我已阅读并同意' })).toBeChecked();
    await tapReachable(page.getByRole('button', { name: '立即支付' }));

    await expect(page).toHaveURL(/\/dev\/bank\/pay$/);
    await tapReachable(page.getByRole('button', { name: '支付成功' }));
    await expect(page).toHaveURL(/\/myOrderDetails\?id=\d+$/);
    orderId = Number(new URL(page.url()).searchParams.get('id'));

    await expect(page.getByRole('heading', { level: 1, name: '订单详情' })).toBeVisible();
    await expect(page.getByText('订约金支付成功').first()).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^剩余[67]天\d+小时\d+分钟\d+秒解锁$/);
    // The step bar runs down the phone, each step uncovered by the floating 客服 and 回到顶部.
    const steps = page.getByRole('group', { name: '订单步骤' });
    const stepNames = ['选房下单', '缴纳订约金', '房源锁定', '网签备案', '订约金退还'];
    const lefts: number[] = [];
    let lastTop = -1;
    for (const name of stepNames) {
      const step = steps.getByText(name, { exact: true });
      await expectReachable(step);
      const box = await step.boundingBox();
      expect(box?.y ?? 0).toBeGreaterThan(lastTop);
      lastTop = box?.y ?? 0;
      lefts.push(Math.round(box?.x ?? 0));
    }
    expect(new Set(lefts).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const order = await request.get(`/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await order.json()) as { data: { orderNo: string; payStatus: number } };
    expect(body.data.payStatus).toBe(3);
    orderNo = body.data.orderNo;
  });

  test('opens the order from 我的订单 and applies for a delay in the bottom sheet', async ({
    page,
    request,
  }) => {
    expect(orderId, 'the order booked in the previous journey').toBeGreaterThan(0);
    // The lock is now in its last day (simulator clock for this order only).
    const elapsed = await request.post(`/api/dev/orders/${orderNo}/elapse`, {
      data: { hours: 150 },
    });
    expect(elapsed.ok()).toBe(true);
    await useToken(page, token);
    await page.goto('/myOrder');
    // The personal-centre menu is a strip of tabs over the page, the current one in view.
    const menu = page.getByRole('navigation', { name: '个人中心菜单' });
    await expect(menu.getByRole('link', { name: '我的订单' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: '我的订单' })).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1, name: '我的订单' })).toBeVisible();

    const card = page.locator('article').filter({ has: page.getByText(orderNo) });
    await tapReachable(card.getByRole('heading').getByRole('link'));
    await expect(page).toHaveURL(new RegExp(`/myOrderDetails\\?id=${orderId}$`));

    await tapReachable(page.getByRole('button', { name: '申请延期' }));
    await expectBottomSheet(page, '延期申请');
    const sheet = page.getByRole('dialog', { name: '延期申请' });
    await tapReachable(sheet.getByRole('button', { name: /确\s*定/ }));
    await expect(sheet.getByText('必填项不能为空')).toBeVisible();
    await fillReachable(sheet.getByLabel('延期原因'), '等待贷款审批');
    const toast = page.getByText('提交成功').waitFor();
    await tapReachable(sheet.getByRole('button', { name: /确\s*定/ }));
    await toast;
    await expect(page.getByText('延期状态：已延期')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: '申请延期' })).toHaveCount(0);
  });
});

test('a verified owner publishes a sale listing with photos through the wizard on a phone', async ({
  page,
  request,
}) => {
  // Some thirty fields and four pictures, each brought into reach before it is touched.
  test.setTimeout(150_000);
  const title = `海港花园 两室一厅 手机发布 ${Date.now() % 100000}`;
  await useToken(page, await tokenOf(request, '13800000001'));
  await page.goto('/addhouse?type=1');
  await expect(page.getByRole('heading', { level: 1, name: '发布房源' })).toBeAttached();

  // Step 1 房源核验.
  await fillReachable(page.getByLabel('证书年份'), '2021');
  await fillReachable(page.getByLabel('证书编号'), '0012345');
  await fillReachable(page.getByLabel('产权人姓名'), '李思远');
  await fillReachable(page.getByLabel('产权人证件号'), '130302199003151234');
  await tapReachable(page.getByRole('button', { name: '核验' }));
  // A passed check goes on by itself.

  // Step 2 填写信息: 上一步/下一步 stay on screen from the first field on.
  await expect(page.getByRole('button', { name: '下一步' })).toBeInViewport();
  await expect(page.getByLabel('地址', { exact: true })).toHaveValue('海港区文化路88号');
  await fillReachable(page.getByLabel('小区名称'), '海港花园');
  await fillReachable(page.getByLabel('楼栋', { exact: true }), '2');
  await fillReachable(page.getByLabel('单元', { exact: true }), '1');
  await fillReachable(page.getByLabel('门牌', { exact: true }), '302');
  await fillReachable(page.getByLabel('室', { exact: true }), '2');
  await fillReachable(page.getByLabel('厅', { exact: true }), '1');
  await fillReachable(page.getByLabel('卫', { exact: true }), '1');
  await fillReachable(page.getByLabel('建筑面积'), '78.6');
  await fillReachable(page.getByLabel('所在层'), '3');
  await fillReachable(page.getByLabel('总层数'), '6');
  await pickByTap(page, '朝向', '南北');
  await pickByTap(page, '装修标准', '精装');
  await pickByTap(page, '有无电梯', '有电梯');
  await fillReachable(page.getByLabel('建成年份'), '2010');
  await pickByTap(page, '房屋类型', '住宅');
  await pickByTap(page, '建筑类型', '板楼');
  await pickByTap(page, '产权年限', '70年');
  await tapReachable(page.getByRole('checkbox', { name: '满五唯一' }));
  await fillReachable(page.getByLabel('期望售价'), '96');
  await fillReachable(page.getByLabel('房源标题'), title);
  await fillReachable(page.getByLabel('房源描述'), '南北通透，近学校，手机上发布。');
  await pickPhotos(page, '上传房屋照片', ['客厅.png', '卧室.png']);
  await expect(page.getByText('封面', { exact: true })).toHaveCount(1);
  await tapReachable(page.getByRole('button', { name: '下一步' }));

  // Step 3 认证材料.
  await expect(page.getByRole('button', { name: '提交' })).toBeInViewport();
  await pickPhotos(page, '上传房本照片', ['房本.png']);
  await pickPhotos(page, '上传身份证照片', ['身份证.png']);
  await tapReachable(page.getByRole('button', { name: '提交' }));

  await expect(page.getByText('提交成功，等待审核')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await tapReachable(page.getByRole('link', { name: '我的二手房' }));
  await expect(page).toHaveURL(/\/mySecondHandHouse$/);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});

test('a buyer on a phone starts 房聊 from a listing and moves between the list and the conversation', async ({
  page,
  request,
}) => {
  const publisher = await tokenOf(request, '13800000001');
  const mine = await request.get('/api/listings/mine?type=1&pageSize=20', {
    headers: { authorization: `Bearer ${publisher}` },
  });
  const listing = (
    (await mine.json()) as {
      data: { list: { id: number; title: string; publishStatus: number }[] };
    }
  ).data.list.find((item) => item.publishStatus === 3);
  expect(listing, 'a published listing of the publisher').toBeTruthy();
  await useToken(page, await tokenOf(request, '13800000002'));

  await page.goto(`/detailscs?id=${listing?.id}`);
  await tapReachable(page.getByRole('button', { name: '房聊', exact: true }));

  // 房聊 fills the phone's screen and opens on the conversation about the listing.
  const dialog = page.getByRole('dialog', { name: '房聊' });
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return (
        box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)]
      );
    })
    .toEqual([0, 0, 375, 812]);
  const chat = page.frameLocator('iframe[title="房聊"]');
  await expect(chat.getByTestId('chat-status')).toHaveText('在线');
  await expect(chat.getByTestId('chat-listing')).toHaveText(`房源：${listing?.title}`);
  const list = chat.getByRole('list', { name: '会话列表' });
  await expect(list).toBeHidden();

  const question = `请问周末可以看房吗？${Date.now()}`;
  await fillReachable(chat.getByLabel('消息内容'), question);
  await tapReachable(chat.getByRole('button', { name: /发\s?送/ }));
  await expect(chat.getByTestId('chat-message-mine').filter({ hasText: question })).toBeVisible();

  // 返回 shows the conversation list alone; tapping the conversation opens it again.
  await tapReachable(chat.getByRole('button', { name: '返回会话列表' }));
  await expect(chat.getByRole('region', { name: '聊天窗口' })).toBeHidden();
  const conversation = list.getByRole('button').filter({ hasText: question });
  await tapReachable(conversation);
  await expect(chat.getByTestId('chat-message-mine').filter({ hasText: question })).toBeVisible();
  await expect(list).toBeHidden();
});
