import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}
interface OrderRow {
  id: number;
  orderNo: string;
  otherOrderNo: string | null;
  houseId: number;
  houseName: string;
  payStatus: number;
  lockMoney: number;
  agreedTime: string | null;
  expireTime: string | null;
  refundOrderNo: string | null;
}

async function call<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data ? { data } : {}),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe('000000');
  return body.data;
}

async function signIn(request: APIRequestContext): Promise<string> {
  const data = await call<{ access_token: string }>(request, null, 'POST', '/api/auth/login', {
    account: '13800000001',
    password: 'Demo@2026',
    type: 'phone',
  });
  return data.access_token;
}

/** A published project whose table opens (first building, first unit) with a green room. */
async function projectWithGreenRoom(request: APIRequestContext): Promise<number> {
  const projects = await call<{ list: { id: number }[] }>(
    request,
    null,
    'GET',
    '/api/projects?pageSize=20',
  );
  for (const project of projects.list) {
    const url = `/api/building-table/projects/${project.id}/buildings`;
    const [first] = await call<{ id: number }[]>(request, null, 'GET', url);
    if (!first) continue;
    const rooms = await call<{ legend: { green: number } }>(
      request,
      null,
      'GET',
      `/api/building-table/buildings/${first.id}/rooms`,
    );
    if (rooms.legend.green > 0) return project.id;
  }
  throw new Error('no project whose table opens with a green room');
}

/** `MM-DD HH:mm` in Beijing time, as the building table writes the lock end. */
function tableTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const orderRow = (page: Page, houseName: string) =>
  page.getByRole('article', { name: houseName, exact: true });
const roomCell = (page: Page, roomId: number) =>
  page.getByRole('table', { name: '楼盘表房间' }).locator(`[data-room="${roomId}"]`);

test('a verified buyer locks a room from the table, pays at the bank, delays that lock and applies for a refund', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(request);
  await useToken(page, token);
  const projectId = await projectWithGreenRoom(request);

  // The building table: pick a green room and start the deposit flow from its cell.
  await page.goto(`/houses?id=${projectId}`);
  const green = page
    .getByRole('table', { name: '楼盘表房间' })
    .locator('[data-color="green"]')
    .first();
  const roomId = Number(await green.getAttribute('data-room'));
  await green.getByRole('button', { name: '订约金缴纳', exact: true }).click();

  // /orderConfirmation: identity and prices; pay-now unticked opens the agreement.
  await expect(page).toHaveURL(new RegExp(`/orderConfirmation\\?id=${roomId}&houseName=`));
  await expect(page.getByRole('region', { name: '购房人信息' })).toContainText('138****0001');
  await expect(page.getByRole('region', { name: '价格信息' })).toContainText('锁定订约金');
  await page.getByRole('button', { name: '立即支付' }).click();
  const agreement = page.getByRole('dialog', { name: '《新建商品房订约金缴纳协议》' });
  await expect(agreement).toContainText('锁定7天');
  await agreement.getByRole('button', { name: '同意并继续' }).click();
  await expect(page).toHaveURL(/\/dev\/bank\/pay$/);
  await expect(page.getByText('模拟', { exact: true })).toBeVisible();

  // The order exists, awaiting payment, with the moment the agreement was accepted.
  const mine = await call<{ list: OrderRow[] }>(request, token, 'GET', '/api/orders?pageSize=50');
  const created = mine.list.find((o) => o.houseId === roomId && o.payStatus === 1) as OrderRow;
  expect(created, 'the new order').toBeTruthy();
  expect(created.agreedTime).not.toBeNull();

  // /myOrder: the payment countdown, then continue-pay to the bank and pay there.
  await page.goto('/myOrder');
  const row = orderRow(page, created.houseName);
  await expect(row.getByText('订约金待支付')).toBeVisible();
  await expect(row.getByRole('timer')).toHaveText(/^缴费时间剩余(29|30)分钟\d+秒$/);
  await row.getByRole('button', { name: '继续支付' }).click();
  await expect(page).toHaveURL(/\/dev\/bank\/pay$/);
  const amount = created.lockMoney.toLocaleString('zh-CN', { minimumFractionDigits: 2 });
  await expect(page.getByText(`¥${amount}`)).toBeVisible();
  await page.getByRole('button', { name: '支付成功' }).click();

  // Back on the site: the order is paid, with its lock countdown and the bank's trade number.
  await expect(page).toHaveURL(new RegExp(`/myOrderDetails\\?id=${created.id}$`));
  await expect(page.getByText('订约金支付成功').first()).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^剩余[67]天\d+小时\d+分钟\d+秒解锁$/);
  await expect(page.getByText('网签备案（待办理）')).toBeVisible();
  const paid = await call<OrderRow>(request, token, 'GET', `/api/orders/${created.id}`);
  expect(paid.otherOrderNo).toMatch(/^SIM/);
  await expect(page.getByRole('row', { name: /银行交易流水号/ })).toContainText(
    paid.otherOrderNo as string,
  );
  await page.goto('/myOrder');
  await expect(row.getByText('订约金支付成功')).toBeVisible();
  await expect(row.getByText('延期状态：未延期')).toBeVisible();
  await expect(row.getByText('退款状态：未申请')).toBeVisible();
  await expect(row.getByRole('timer')).toHaveText(/^剩余[67]天\d+小时\d+分钟\d+秒解锁$/);

  // The rendered table shows the room blue with its lock end.
  await page.goto(`/houses?id=${projectId}`);
  await expect(roomCell(page, roomId)).toHaveAttribute('data-color', 'blue');
  await expect(roomCell(page, roomId)).toContainText(
    `锁定至 ${tableTime(paid.expireTime as string)}`,
  );
  await expect(roomCell(page, roomId)).toContainText('未延期');

  // Let 150 hours pass for this order only (simulator): its lock is now in its last day.
  const elapsed = await call<{ expireTime: string }>(
    request,
    null,
    'POST',
    `/api/dev/orders/${created.orderNo}/elapse`,
    { hours: 150 },
  );

  // The delay of THIS order: the reason is required, then the lock gains 3 days.
  await page.goto(`/myOrderDetails?id=${created.id}`);
  await page.getByRole('button', { name: '申请延期' }).click();
  const delayDialog = page.getByRole('dialog', { name: '延期申请' });
  await delayDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(delayDialog.getByText('必填项不能为空')).toBeVisible();
  await delayDialog.getByLabel('延期原因').fill('等待贷款审批');
  // The toast shows until the page reloads 2 s later: watch for it from before the click.
  const delayToast = page.getByText('提交成功').waitFor();
  await delayDialog.getByRole('button', { name: /确\s*定/ }).click();
  await delayToast;
  await expect(page.getByText('延期状态：已延期')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: '申请延期' })).toHaveCount(0);
  const delayed = await call<OrderRow>(request, token, 'GET', `/api/orders/${created.id}`);
  const addedMs = Date.parse(delayed.expireTime as string) - Date.parse(elapsed.expireTime);
  expect(addedMs).toBe(3 * 86_400_000);
  await expect(page.getByRole('timer')).toHaveText(/^剩余3天\d+小时\d+分钟\d+秒解锁$/);

  await page.goto(`/houses?id=${projectId}`);
  await expect(roomCell(page, roomId)).toContainText(
    `锁定至 ${tableTime(delayed.expireTime as string)}`,
  );
  await expect(roomCell(page, roomId)).toContainText('已延期');

  // Refund of the same order: the server's message, then refunding with its intention.
  await page.goto(`/myOrderDetails?id=${created.id}`);
  await page.getByRole('button', { name: '申请退款' }).click();
  const refundDialog = page.getByRole('dialog', { name: '退款申请' });
  await refundDialog.getByRole('radio', { name: '仅退款' }).check();
  await refundDialog.getByLabel('备注').fill('家庭计划有变');
  const refundToast = page.getByText('退款申请已提交，请等待审核').waitFor();
  await refundDialog.getByRole('button', { name: /确\s*定/ }).click();
  await refundToast;
  await expect(page.getByText('订约金退款中').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('退款意向：仅退款')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请退款' })).toHaveCount(0);
  const refunding = await call<OrderRow>(request, token, 'GET', `/api/orders/${created.id}`);
  await expect(page.getByText(`退款单号：${refunding.refundOrderNo}`)).toBeVisible();
  await page.goto('/myOrder');
  await expect(row.getByText('退款意向：仅退款')).toBeVisible();
  await expect(row.getByText(`退款单号：${refunding.refundOrderNo}`)).toBeVisible();

  // /myNotice lists the order notices; 'view' opens the order.
  await page.goto('/myNotice');
  const notice = page.getByRole('row', { name: /退款申请已提交/ }).first();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: '查看' }).click();
  await expect(page).toHaveURL(new RegExp(`/myOrderDetails\\?id=${created.id}$`));
});
