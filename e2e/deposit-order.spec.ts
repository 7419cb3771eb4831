import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}
interface TableRoom {
  id: number;
  color: string;
}
interface OrderRow {
  id: number;
  houseName: string;
  payStatus: number;
  allowDelay: boolean;
  lockMoney: number;
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

/** A green room the buyer may order, found through the public building table. */
async function findGreenRoom(request: APIRequestContext, token: string) {
  const projects = await call<{ list: { id: number }[] }>(
    request,
    null,
    'GET',
    '/api/projects?pageSize=20',
  );
  for (const project of projects.list) {
    const buildings = await call<{ id: number }[]>(
      request,
      null,
      'GET',
      `/api/building-table/projects/${project.id}/buildings`,
    );
    for (const building of buildings) {
      const roomsUrl = `/api/building-table/buildings/${building.id}/rooms`;
      const rooms = await call<{ floors: { houseList: TableRoom[] }[] }>(
        request,
        null,
        'GET',
        roomsUrl,
      );
      const green = rooms.floors.flatMap((f) => f.houseList).find((r) => r.color === 'green');
      if (!green) continue;
      const preview = await request.get(`/api/orders/preview?houseId=${green.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (preview.ok()) return { roomId: green.id, roomsUrl };
    }
  }
  throw new Error('no green room on sale');
}

async function roomColour(request: APIRequestContext, roomsUrl: string, roomId: number) {
  const rooms = await call<{ floors: { houseList: TableRoom[] }[] }>(
    request,
    null,
    'GET',
    roomsUrl,
  );
  return rooms.floors.flatMap((f) => f.houseList).find((r) => r.id === roomId)?.color;
}

const orderRow = (page: Page, houseName: string) =>
  page.getByRole('article', { name: houseName, exact: true });

test('a verified buyer pays a deposit at the bank, delays a lock and applies for a refund', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await signIn(request);
  await useToken(page, token);
  const { roomId, roomsUrl } = await findGreenRoom(request, token);
  const created = await call<{ id: number; houseName: string }>(
    request,
    token,
    'POST',
    '/api/orders',
    { houseId: roomId },
  );
  expect(await roomColour(request, roomsUrl, roomId)).toBe('yellow');

  // /myOrder: the new order with its payment countdown, then continue-pay to the bank.
  await page.goto('/myOrder');
  const row = orderRow(page, created.houseName);
  await expect(row.getByText('订约金待支付')).toBeVisible();
  await expect(row.getByRole('timer')).toHaveText(/^缴费时间剩余(29|30)分钟\d+秒$/);
  await row.getByRole('button', { name: '继续支付' }).click();

  await expect(page).toHaveURL(/\/dev\/bank\/pay$/);
  await expect(page.getByText('模拟', { exact: true })).toBeVisible();
  const detail = await call<OrderRow>(request, token, 'GET', `/api/orders/${created.id}`);
  const amount = detail.lockMoney.toLocaleString('zh-CN', { minimumFractionDigits: 2 });
  await expect(page.getByText(`¥${amount}`)).toBeVisible();
  await page.getByRole('button', { name: '支付成功' }).click();

  // Back on the site: the order is paid and the room locked (blue) with its lock countdown.
  await expect(page).toHaveURL(new RegExp(`/myOrderDetails\\?id=${created.id}$`));
  await expect(page.getByText('订约金支付成功').first()).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^剩余[67]天\d+小时\d+分钟\d+秒解锁$/);
  await expect(page.getByText('网签备案（待办理）')).toBeVisible();
  expect(await roomColour(request, roomsUrl, roomId)).toBe('blue');

  // A lock within a day of its end (seeded) applies for the one delay.
  const orders = await call<{ list: OrderRow[] }>(request, token, 'GET', '/api/orders?pageSize=50');
  const ending = orders.list.find((o) => o.allowDelay);
  expect(ending, 'a seeded lock close to expiry').toBeTruthy();
  await page.goto(`/myOrderDetails?id=${ending?.id}`);
  await page.getByRole('button', { name: '申请延期' }).click();
  const delayDialog = page.getByRole('dialog', { name: '延期申请' });
  await delayDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(delayDialog.getByText('必填项不能为空')).toBeVisible();
  await delayDialog.getByLabel('延期原因').fill('等待贷款审批');
  await delayDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(page.getByText('延期状态：已延期')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: '申请延期' })).toHaveCount(0);

  // Refund of the order just paid.
  await page.goto(`/myOrderDetails?id=${created.id}`);
  await page.getByRole('button', { name: '申请退款' }).click();
  const refundDialog = page.getByRole('dialog', { name: '退款申请' });
  await refundDialog.getByRole('radio', { name: '仅退款' }).check();
  await refundDialog.getByLabel('备注').fill('家庭计划有变');
  await refundDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('退款申请已提交，请等待审核')).toBeVisible();
  await expect(page.getByText('订约金退款中').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('退款意向：仅退款')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请退款' })).toHaveCount(0);

  // /myNotice lists the order notices; 'view' opens the order.
  await page.goto('/myNotice');
  const notice = page.getByRole('row', { name: /退款申请已提交/ }).first();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: '查看' }).click();
  await expect(page).toHaveURL(new RegExp(`/myOrderDetails\\?id=${created.id}$`));
});
