import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { acceptAgreement, passwordToken, readSmsCode, useToken } from './account-helpers';
import { paidOrder } from './hostile-helpers';
import { verifiedBuyer } from './phone-helpers';

const OPERATOR = { phone: '13900000000', password: 'Admin@2026' };
const BUYER = { phone: '13800000001', password: 'Demo@2026' };

async function tokenOf(request: APIRequestContext, account: { phone: string; password: string }) {
  return passwordToken(request, account.phone, account.password);
}

async function adminGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: T }).data;
}

/** Opens the console signed in as the operator (without going through the form). */
async function openConsole(page: Page, path: string): Promise<string> {
  const token = await tokenOf(page.request, OPERATOR);
  await useToken(page, token);
  await page.goto(path);
  return token;
}

test('the operator signs in, publishes an article and it is public at once', async ({
  page,
  browser,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await page.getByPlaceholder('请输入手机号').fill(OPERATOR.phone);
  await page.getByPlaceholder('请输入密码').fill(OPERATOR.password);
  await acceptAgreement(page);
  await page.getByRole('button', { name: '登 录' }).click();
  // The second factor: the SMS code the server sent to the operator's phone.
  await expect(page.getByText(/运营账号需短信验证/)).toBeVisible();
  await page
    .getByPlaceholder('请输入短信验证码')
    .fill(await readSmsCode(page.request, OPERATOR.phone));
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '仪表盘' })).toBeVisible();

  await page.getByRole('menuitem', { name: '资讯管理' }).click();
  await page.getByRole('button', { name: '新建文章' }).click();
  const title = `关于调整住房公积金贷款政策的通知${Date.now() % 100000}`;
  await page.getByRole('radio', { name: '政策公示' }).check();
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('来源').fill('市住房公积金管理中心');
  await page.getByRole('textbox', { name: '文章内容' }).click();
  await page.keyboard.type('自即日起，首套住房公积金贷款最低首付比例调整为20%。');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('发布成功').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('已发布');

  // A visitor who is not signed in finds it in the list and reads it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/informationAndPolicyPage?type=1');
  await visitor.getByRole('link', { name: title }).first().click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor.getByText('最低首付比例调整为20%')).toBeVisible();
  await visitorContext.close();
});

test('the dashboard opens exactly the orders it counts', async ({ page }) => {
  await openConsole(page, '/admin');
  const tile = page.locator('.ant-card').filter({ hasText: '今日订单' });
  const counted = Number((await tile.locator('.ant-statistic-content-value').innerText()).trim());
  await tile.getByRole('link', { name: '查看今日订单' }).click();
  await expect(page).toHaveURL(
    /\/admin\/orders\?createdFrom=\d{4}-\d{2}-\d{2}&createdTo=\d{4}-\d{2}-\d{2}$/,
  );
  await expect(page.getByText(`共 ${counted} 笔`)).toBeVisible();

  await page.getByRole('menuitem', { name: '仪表盘' }).click();
  const refunds = page.locator('.ant-card').filter({ hasText: '待确认退款' });
  const pending = Number(
    (await refunds.locator('.ant-statistic-content-value').innerText()).trim(),
  );
  await refunds.getByRole('link', { name: '去处理' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?refundStatus=2$/);
  await expect(page.getByText(`共 ${pending} 笔`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: '退款状态' })).toBeVisible();
  await expect(page.locator('.ant-select').filter({ hasText: '待确认' })).toBeVisible();
});

test('the operator puts a green room off sale and the audit log shows it', async ({ page }) => {
  await openConsole(page, '/admin/projects');
  await page.getByRole('link', { name: '编辑' }).first().click();
  await page.getByRole('tab', { name: '房间销售状态' }).click();
  const greenRow = page
    .getByRole('row')
    .filter({ hasText: '可售' })
    .filter({ hasNotText: '不可售' });
  const row = greenRow.first();
  const roomNumber = (await row.getByRole('cell').nth(3).innerText()).trim();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '下架（不可售）' }).click();
  await expect(page.getByText('已下架 1 间')).toBeVisible();
  const sameRoom = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: roomNumber, exact: true }) });
  await expect(sameRoom.first()).toContainText('不可售');

  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: '房间下架（不可售）' }).first(),
  ).toBeVisible();
});

test('the operator approves a pending listing and it is public', async ({ page, browser }) => {
  const token = await openConsole(page, '/admin/listings');
  const queue = await adminGet<{ list: Array<{ id: number; title: string; type: number }> }>(
    page.request,
    token,
    '/api/admin/listings?status=2',
  );
  const listing = queue.list[0];
  expect(listing, 'the seed has pending listings').toBeDefined();
  if (!listing) return;
  const detailPath = `/${listing.type === 2 ? 'detailscz' : 'detailscs'}?id=${listing.id}`;
  // A visitor who is not signed in: a new browser context without the operator's token.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(detailPath);
  await expect(visitor.getByText('房源不存在或已下架')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: listing.title });
  await row.getByRole('button', { name: '查看材料' }).click();
  await expect(page.getByRole('dialog').getByText('不动产权证书')).toBeVisible();
  await page.getByRole('button', { name: '审核通过' }).click();
  await expect(page.getByText('审核通过，房源已发布').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: listing.title })).toHaveCount(0);

  await visitor.goto(detailPath);
  await expect(visitor.getByRole('heading', { name: listing.title })).toBeVisible();
  const search = new URLSearchParams({ keyword: listing.title });
  if (listing.type === 2) search.set('type', '2');
  await visitor.goto(`/secondhandhouse?${search.toString()}`);
  await visitor.getByRole('heading', { name: listing.title }).getByRole('link').click();
  await expect(visitor).toHaveURL(
    new RegExp(`/${listing.type === 2 ? 'detailscz' : 'detailscs'}\\?id=${listing.id}$`),
  );
  await visitorContext.close();
});

test('the operator reprices a free room from the room grid, audited', async ({ page }) => {
  await openConsole(page, '/admin/projects');
  await page.getByRole('link', { name: '编辑' }).first().click();
  await page.getByRole('tab', { name: '房间销售状态' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: '可售' })
    .filter({ hasNotText: '不可售' })
    .first();
  const roomNumber = (await row.getByRole('cell').nth(3).innerText()).trim();
  await row.getByRole('button', { name: /^修改.+的价格$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('新单价（元/㎡）').fill('23456');
  await expect(dialog.getByText(/^新总价：[\d,]+ 元$/)).toBeVisible();
  await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(page.getByText('价格已修改').first()).toBeVisible();
  const sameRoom = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: roomNumber, exact: true }) })
    .first();
  await expect(sameRoom).toContainText('23,456');

  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await expect(page.getByRole('row').filter({ hasText: '修改房间价格' }).first()).toContainText(
    '23456',
  );
});

test('the operator replies to a feedback and its author reads the reply', async ({ page }) => {
  const token = await openConsole(page, '/admin/feedback');
  const queue = await adminGet<{ list: Array<{ id: number; title: string; phone: string }> }>(
    page.request,
    token,
    '/api/admin/feedback?state=pending&pageSize=100',
  );
  const item = queue.list.find((row) => row.phone === BUYER.phone);
  expect(item, 'the demo buyer has a pending question').toBeDefined();
  if (!item) return;
  const card = page.getByTestId(`feedback-${item.id}`);
  await card.getByRole('textbox', { name: '回复内容' }).click();
  const reply = '您好，预售许可证信息已于本周录入，请重新查询。';
  await page.keyboard.type(reply);
  await card.getByRole('button', { name: '发送回复' }).click();
  await expect(page.getByText('回复成功').first()).toBeVisible();

  await useToken(page, await tokenOf(page.request, BUYER));
  await page.goto(`/feedbackDetails?id=${item.id}`);
  await expect(page.getByText(reply)).toBeVisible();
});

test('the operator confirms a refund and the buyer sees the order refunded', async ({ page }) => {
  // A buyer of its own with a paid order: one identity holds one live deposit order, so the
  // demo buyer's seeded history holds none.
  const buyerToken = await verifiedBuyer(page.request);
  const orderId = await paidOrder(page.request, { authorization: `Bearer ${buyerToken}` });
  const order = await adminGet<{ id: number; orderNo: string }>(
    page.request,
    buyerToken,
    `/api/orders/${orderId}`,
  );
  const applied = await page.request.post(`/api/orders/${order.id}/refund`, {
    headers: { authorization: `Bearer ${buyerToken}` },
    data: { refundIntention: 1, remark: '个人原因不再购买' },
  });
  expect(applied.ok()).toBe(true);

  await openConsole(page, '/admin/orders?refundStatus=2');
  const row = page.getByRole('row').filter({ hasText: order.orderNo });
  await row.getByRole('button', { name: '确认退款' }).click();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page.getByText('退款已确认，订约金已原路退还').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.orderNo })).toHaveCount(0);

  await useToken(page, buyerToken);
  await page.goto(`/myOrderDetails?id=${order.id}`);
  await expect(page.getByText('订约金退款成功').first()).toBeVisible();
});

test('a citizen sees the 403 page and no console', async ({ page }) => {
  await useToken(page, await tokenOf(page.request, BUYER));
  await page.goto('/admin/users');
  await expect(page.getByText('抱歉，您没有权限访问运营后台')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '用户' })).toHaveCount(0);
});
