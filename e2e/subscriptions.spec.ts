import { expect, type APIRequestContext, test } from '@playwright/test';
import { passwordToken, registerThroughApi, useToken } from './account-helpers';
import { PHONE } from './phone-helpers';

interface Room {
  id: number;
  color: string;
  currentPrice: number;
}

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  const body = (await response.json()) as { code: string; data: T };
  expect(body.code, url).toBe('000000');
  return body.data;
}

/** A published project, its name and one green room of its first building. */
async function pickProject(request: APIRequestContext) {
  const page = await data<{ list: Array<{ id: number; publishName: string }> }>(
    request,
    '/api/projects?pageSize=20',
  );
  for (const project of page.list) {
    const buildings = await data<Array<{ id: number }>>(
      request,
      `/api/building-table/projects/${project.id}/buildings`,
    );
    if (!buildings[0]) continue;
    const rooms = await data<{ floors: Array<{ houseList: Room[] }> }>(
      request,
      `/api/building-table/buildings/${buildings[0].id}/rooms`,
    );
    const room = rooms.floors.flatMap((floor) => floor.houseList).find((r) => r.color === 'green');
    if (room) return { project, room };
  }
  throw new Error('no published project with a green room');
}

test.use(PHONE);

test('a buyer subscribes to a project, an operator reprices a room by 5 %, the buyer is told in 我的消息 and by SMS and unsubscribes in 我的订阅 as the SMS says', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const buyer = await registerThroughApi(request);
  const { project, room } = await pickProject(request);

  await useToken(page, buyer.token);
  await page.goto(`/houseHome?id=${project.id}`);
  await page.getByRole('button', { name: '订阅', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '订阅楼盘动态' });
  await expect(dialog.getByRole('checkbox', { name: /变价通知/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /新证通知/ }).uncheck();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('订阅成功')).toBeVisible();
  await expect(page.getByRole('button', { name: '已订阅' })).toBeVisible();

  // The operator reprices the room in the console's API: up 5 %.
  const operator = await passwordToken(request, '13900000000', 'Admin@2026');
  const repriced = await request.put(`/api/admin/rooms/${room.id}/price`, {
    headers: { authorization: `Bearer ${operator}` },
    data: { currentPrice: Math.round(room.currentPrice * 1.05) },
  });
  expect(repriced.ok(), await repriced.text()).toBe(true);
  // Deliver now rather than at the job's next tick.
  expect((await request.post('/api/dev/subscriptions/run')).ok()).toBe(true);

  await page.goto('/myNotice');
  const row = page.getByRole('row').filter({ hasText: '变价通知' }).first();
  await expect(row).toContainText(project.publishName);
  await row.getByRole('button', { name: '查看' }).click();
  await expect(page).toHaveURL(new RegExp(`/houseHome\\?id=${project.id}$`));

  // The SMS in the simulator's outbox: no personal link, it names 我的订阅 at the site's address.
  let text = '';
  await expect
    .poll(async () => {
      const outbox = await data<Array<{ text: string }>>(
        request,
        `/api/dev/sms/notices?phone=${buyer.phone}`,
      );
      text = outbox[0]?.text ?? '';
      return text;
    })
    .toContain('变价通知');
  expect(text).toContain(project.publishName.slice(0, 20));
  expect(text).not.toContain('unsubscribe');
  const where = /\/mySubscriptions\b/.exec(text)?.[0];
  expect(where).toBeTruthy();

  // The buyer follows it and cancels 变价通知 there.
  await page.goto(where!);
  const mine = page.getByRole('region', { name: '我的订阅' });
  await mine
    .getByRole('listitem')
    .filter({ hasText: '变价通知' })
    .getByRole('button', { name: '取消订阅' })
    .click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已取消订阅')).toBeVisible();

  // /mySubscriptions keeps 开盘通知 and lists it with 取消订阅.
  await page.goto('/mySubscriptions');
  const list = page.getByRole('region', { name: '我的订阅' });
  await expect(list.getByText('开盘通知')).toBeVisible();
  await expect(list.getByText('变价通知')).toHaveCount(0);
  await list.getByRole('button', { name: '取消订阅' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(list.getByText(/暂无订阅/)).toBeVisible();
});
