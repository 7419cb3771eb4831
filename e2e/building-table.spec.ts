import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { PHONE, verifiedBuyer } from './phone-helpers';
import { addSessionCookies, consentInDialog } from './session-helpers';

interface Building {
  id: number;
  tabletNum: string;
  units: string[];
}
interface Room {
  id: number;
  houseMapName: string;
  buildArea: number;
  color: string;
}
interface Rooms {
  floors: Array<{ floor: number; houseList: Room[] }>;
  legend: { green: number; yellow: number; blue: number; gray: number };
}

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  const body = (await response.json()) as { code: string; data: T };
  expect(body.code, url).toBe('000000');
  return body.data;
}

/** A published project with two or more buildings whose second building has two or more units. */
async function pickProject(request: APIRequestContext) {
  const page = await data<{ list: Array<{ id: number }> }>(request, '/api/projects?pageSize=20');
  for (const { id } of page.list) {
    const buildings = await data<Building[]>(
      request,
      `/api/building-table/projects/${id}/buildings`,
    );
    const second = buildings[1];
    if (buildings.length < 2 || !second || second.units.length < 2) continue;
    const rooms = await data<Rooms>(
      request,
      `/api/building-table/buildings/${buildings[0]?.id}/rooms`,
    );
    if (rooms.legend.green > 0) return { projectId: id, buildings, rooms };
  }
  throw new Error('no project with two buildings and a green room');
}

const toolbar = (page: Page) => page.getByRole('region', { name: '楼盘表筛选' });
const cells = (page: Page) => page.getByRole('table', { name: '楼盘表房间' }).getByRole('cell');
const pickOption = (page: Page, group: string, label: string) =>
  toolbar(page)
    .getByRole('radiogroup', { name: group })
    .locator('label', { hasText: new RegExp(`^${label}$`) })
    .click();

async function signIn(page: Page, account: string) {
  const response = await page.request.post('/api/auth/login', {
    data: { account, password: 'Demo@2026', type: 'phone' },
  });
  // page.request shares the page's cookies: the session cookie signs the page in.
  const body = (await response.json()) as { code: string };
  expect(body.code).toBe('000000');
}

test('browse a building table, pay a deposit at the bank and see the room locked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { projectId, buildings, rooms } = await pickProject(request);
  const [first, second] = buildings as [Building, Building];

  await page.goto(`/houseHome?id=${projectId}`);
  await page
    .getByRole('navigation', { name: '楼盘栏目' })
    .getByRole('link', { name: '楼盘表' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/houses\\?id=${projectId}$`));

  // First building, first unit; legend counts match the rooms shown.
  await expect(page.getByText(`${first.tabletNum} · ${first.units[0]}`)).toBeVisible();
  const roomCount = rooms.floors.reduce((n, f) => n + f.houseList.length, 0);
  await expect(cells(page)).toHaveCount(roomCount);
  const legend = toolbar(page).getByRole('list', { name: '房态图例' });
  await expect(legend.locator('li[data-color="green"]')).toContainText(
    `可售${rooms.legend.green}套`,
  );
  await expect(legend.locator('li[data-color="gray"]')).toContainText(
    `不可售${rooms.legend.gray}套`,
  );
  await expect(page.getByLabel('预售许可信息')).toBeVisible();

  // Another building: its first unit is chosen; then its second unit.
  await pickOption(page, '楼栋', `.*${second.tabletNum}`);
  await expect(page.getByText(`${second.tabletNum} · ${second.units[0]}`)).toBeVisible();
  await pickOption(page, '单元', second.units[1] as string);
  await expect(page.getByText(`${second.tabletNum} · ${second.units[1]}`)).toBeVisible();

  // An area band: rooms outside it disappear.
  const unitRooms = await data<Rooms>(
    request,
    `/api/building-table/buildings/${second.id}/rooms?unit=${encodeURIComponent(second.units[1] as string)}`,
  );
  const all = unitRooms.floors.flatMap((f) => f.houseList);
  const bands: Array<[string, number, number]> = [
    ['60-90㎡', 60, 90],
    ['90-120㎡', 90, 120],
    ['120-144㎡', 120, 144],
    ['144㎡以上', 144, 1e6],
  ];
  const band = bands.find(([, min, max]) =>
    all.some((r) => r.buildArea >= min && r.buildArea < max),
  ) as [string, number, number];
  const inBand = all.filter((r) => r.buildArea >= band[1] && r.buildArea < band[2]);
  const outside = all.find((r) => r.buildArea < band[1] || r.buildArea >= band[2]);
  await expect(cells(page)).toHaveCount(all.length);
  await pickOption(page, '面积', band[0]);
  await expect(cells(page)).toHaveCount(inBand.length);
  if (outside) {
    await expect(
      page.getByRole('cell', { name: new RegExp(`^${outside.houseMapName} `) }),
    ).toHaveCount(0);
  }
  await pickOption(page, '面积', '全部');
  await expect(cells(page)).toHaveCount(all.length);

  // Quick-floor picker toggles and scrolls to a floor; the header stays fixed once scrolled.
  await toolbar(page).getByRole('button', { name: '快速选层' }).click();
  const picker = page.getByRole('group', { name: '快速选层' });
  await expect(picker).toBeVisible();
  const middle = unitRooms.floors[Math.floor(unitRooms.floors.length / 2)]?.floor ?? 1;
  await picker.getByRole('button', { name: `${middle}层`, exact: true }).click();
  const row = page.locator(`#bt-floor-${middle}`);
  await expect(row).toBeInViewport();
  // The row lands just below the fixed header, not behind it.
  await expect
    .poll(async () => {
      const [rowBox, barBox] = await Promise.all([row.boundingBox(), toolbar(page).boundingBox()]);
      return (rowBox?.y ?? 0) - ((barBox?.y ?? 0) + (barBox?.height ?? 0));
    })
    .toBeGreaterThanOrEqual(0);
  await expect(toolbar(page)).toHaveAttribute('data-fixed', 'true');
  await toolbar(page).getByRole('button', { name: '收起楼层' }).click();
  await expect(picker).toBeHidden();

  // Back to the first building for the deposit flow.
  await page.goto(`/houses?id=${projectId}`);
  const deposit = page.getByRole('button', { name: '订约金缴纳', exact: true }).first();

  // Signed out: the login dialog.
  await deposit.click();
  await expect(page.getByRole('dialog', { name: '登录', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '登录', exact: true })).toBeHidden();

  // Not real-name authenticated: the QR prompt.
  await signIn(page, '13800000002');
  await page.reload();
  await page.getByRole('button', { name: '订约金缴纳', exact: true }).first().click();
  // First the separate privacy consent, then the QR prompt.
  await consentInDialog(page);
  const realname = page.getByRole('dialog', { name: '实名认证' });
  await expect(realname).toContainText('您尚未完成实名认证');
  await expect(realname.getByRole('img', { name: '实名认证二维码' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(realname).toBeHidden();

  // Verified buyer (an account of its own: the demo buyer stays free to book in other journeys,
  // since one identity holds one live deposit order): the confirmation page.
  await addSessionCookies(page.context(), await verifiedBuyer(request));
  await page.reload();
  await page.getByRole('button', { name: '订约金缴纳', exact: true }).first().click();
  await expect(page).toHaveURL(/\/orderConfirmation\?id=\d+&houseName=/);
  await expect(page.getByRole('region', { name: '购房人信息' })).toContainText(/136\*{4}\d{4}/);
  await expect(page.getByRole('region', { name: '价格信息' })).toContainText('锁定订约金');
  await expect(page.getByRole('region', { name: '价格信息' })).toContainText('元/㎡');
  await expect(page.getByRole('navigation').filter({ hasText: '订单确认' }).first()).toBeVisible();

  // Reload re-requests the preview; pay-now without the tick opens the agreement dialog.
  await page.reload();
  await expect(page.getByRole('region', { name: '房源信息' })).toContainText('房屋坐落');
  await page.getByRole('button', { name: '立即支付' }).click();
  const agreement = page.getByRole('dialog', { name: '《新建商品房订约金缴纳协议》' });
  await expect(agreement).toContainText('锁定7天');
  await expect(agreement.getByRole('button', { name: '同意并继续' })).toBeVisible();
  await agreement.getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('checkbox', { name: '我已阅读并同意' })).not.toBeChecked();

  // Tick, pay at the bank simulator, come back to the paid order; the room is now blue.
  const roomId = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page).toHaveURL(/\/dev\/bank\/pay$/);
  await page.getByRole('button', { name: '支付成功' }).click();
  await expect(page).toHaveURL(/\/myOrderDetails\?id=\d+$/);
  await expect(page.getByText('订约金支付成功').first()).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^剩余[67]天\d+小时\d+分钟\d+秒解锁$/);
  const place = await request.get(`/api/building-table/rooms/${roomId}`);
  const { buildingId, unit } = (await place.json()).data;
  const table = await request.get(
    `/api/building-table/buildings/${buildingId}/rooms?unit=${encodeURIComponent(unit)}`,
  );
  const tableRooms = (await table.json()).data.floors.flatMap(
    (floor: { houseList: { id: number; color: string }[] }) => floor.houseList,
  );
  expect(tableRooms.find((room: { id: number }) => room.id === roomId)?.color).toBe('blue');
});

test('a building without a pre-sale licence offers no deposit and says why', async ({
  page,
  request,
}) => {
  const projects = await data<{ list: Array<{ id: number }> }>(
    request,
    '/api/projects?pageSize=20',
  );
  let found: { projectId: number; building: Building & { presale: unknown } } | undefined;
  for (const { id } of projects.list) {
    const buildings = await data<Array<Building & { presale: unknown }>>(
      request,
      `/api/building-table/projects/${id}/buildings`,
    );
    const unlicensed = buildings.find((b) => b.presale === null);
    if (unlicensed) {
      found = { projectId: id, building: unlicensed };
      break;
    }
  }
  if (!found) throw new Error('no published project with a building without a pre-sale licence');
  const { projectId, building } = found;
  const rooms = await data<Rooms>(request, `/api/building-table/buildings/${building.id}/rooms`);
  const all = rooms.floors.flatMap((f) => f.houseList);
  expect(rooms.legend.green).toBe(0);

  await page.goto(`/houses?id=${projectId}&building=${building.id}`);
  await expect(page.getByText(`${building.tabletNum} · ${building.units[0]}`)).toBeVisible();
  await expect(page.getByLabel('预售许可信息')).toHaveText(
    '该楼栋暂未取得预售许可证，暂不可缴纳订约金。',
  );
  await expect(cells(page)).toHaveCount(all.length);
  await expect(
    toolbar(page).getByRole('list', { name: '房态图例' }).locator('li[data-color="green"]'),
  ).toContainText('可售0套');
  await expect(page.getByRole('button', { name: '订约金缴纳', exact: true })).toHaveCount(0);
  const free = all.find((r) => r.color === 'gray') as Room;
  await expect(page.getByRole('cell', { name: `${free.houseMapName} 不可售` })).toContainText(
    '未取得预售许可证',
  );

  // The server refuses the deposit too, with the reason.
  const login = await request.post('/api/auth/login', {
    data: { account: '13800000001', password: 'Demo@2026', type: 'phone' },
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const preview = await request.get(`/api/orders/preview?houseId=${free.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(preview.status()).toBe(409);
  expect(await preview.json()).toMatchObject({
    code: '60014',
    message: '该楼栋暂未取得预售许可证，暂不可缴纳订约金',
  });
});

test('two viewers of one building: a booking turns the room yellow for the other without a reload, and a cancel green again', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { projectId } = await pickProject(request);
  const viewerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  try {
    const viewer = await viewerContext.newPage();
    await viewer.goto(`/houses?id=${projectId}`);
    const status = viewer.locator('[data-live]');
    await expect(status).toHaveAttribute('data-live', 'live');
    await expect(status).toContainText(/数据更新于 \d\d:\d\d:\d\d · 实时/);
    const green = viewer
      .getByRole('table', { name: '楼盘表房间' })
      .locator('[data-color="green"]')
      .first();
    const roomId = Number(await green.getAttribute('data-room'));
    const cell = viewer.locator(`[data-room="${roomId}"]`);

    // Another buyer, in a browser of their own, books the room.
    const token = await verifiedBuyer(buyerContext.request);
    const headers = { authorization: `Bearer ${token}` };
    const created = await buyerContext.request.post('/api/orders', {
      headers,
      data: { houseId: roomId, agreed: true },
    });
    expect(created.status()).toBe(200);
    const orderId = ((await created.json()) as { data: { id: number } }).data.id;
    await expect(cell).toHaveAttribute('data-color', 'yellow', { timeout: 2_000 });

    const cancelled = await buyerContext.request.post(`/api/orders/${orderId}/cancel`, {
      headers,
      data: { cancelReason: '改变主意' },
    });
    expect(cancelled.status()).toBe(200);
    await expect(cell).toHaveAttribute('data-color', 'green', { timeout: 2_000 });
  } finally {
    await viewerContext.close();
    await buyerContext.close();
  }
});

test('keyboard focus moving up the table is never hidden under its fixed header', async ({
  page,
  request,
}) => {
  const { projectId } = await pickProject(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/houses?id=${projectId}`);
  await expect(cells(page).first()).toBeVisible();
  // Scrolled once the app has the page (the header follows the window's scroll events).
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.mouse.move(720, 600);
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(toolbar(page)).toHaveAttribute('data-fixed', 'true', { timeout: 1000 });
  }).toPass();

  // From the lowest room's button, Shift+Tab walks back up through the rooms' controls: each
  // focused one is scrolled clear of the header (WCAG 2.4.11, docs/product/accessibility.md).
  await page.locator('[data-details]').last().focus();
  let checked = 0;
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const place = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const header = document.querySelector('[data-table-header][data-fixed]');
      if (!active?.closest('[data-room]') || !header) return null;
      return {
        top: active.getBoundingClientRect().top,
        headerBottom: header.getBoundingClientRect().bottom,
      };
    });
    if (!place) break;
    expect(place.top, `focused control ${step} below the header`).toBeGreaterThanOrEqual(
      place.headerBottom,
    );
    checked += 1;
  }
  expect(checked).toBeGreaterThan(10);
});

interface LotteryBatch {
  id: number;
  title: string;
  roomIds: number[];
  drawnAt: string | null;
}
interface RoomPlace {
  projectId: number;
  buildingId: number;
  unit: string;
  houseMapName: string;
}

/** A room of the seeded drawn 摇号 batch and where it sits (docs/product/lottery.md). */
async function lotteryRoom(request: APIRequestContext) {
  const batches = await data<LotteryBatch[]>(request, '/api/lottery/batches');
  const batch = batches.find((b) => b.drawnAt !== null && b.roomIds.length > 0);
  if (!batch) throw new Error('the seed has no drawn 摇号 batch with rooms');
  const roomId = batch.roomIds[0]!;
  const place = await data<RoomPlace>(request, `/api/building-table/rooms/${roomId}`);
  const href = `/houses?id=${place.projectId}&building=${place.buildingId}&unit=${encodeURIComponent(place.unit)}`;
  return { batch, roomId, place, href };
}

test('a room of a 摇号 batch is marked 摇号房源 and leads to its batch instead of 订约金缴纳', async ({
  page,
  request,
}) => {
  const { batch, roomId, place, href } = await lotteryRoom(request);
  await page.goto(href);
  const cell = page.locator(`[data-room="${roomId}"]`);
  await expect(cell).toContainText('摇号房源');
  await expect(cell.getByRole('button', { name: '订约金缴纳' })).toHaveCount(0);
  // Every batch room of the unit is marked and offers no deposit; the others keep theirs.
  const batchCells = page.locator('[data-lottery]');
  for (const other of await batchCells.all()) {
    await expect(other).toContainText('摇号房源');
    await expect(other.getByRole('button', { name: '订约金缴纳' })).toHaveCount(0);
  }
  const free = page
    .getByRole('table', { name: '楼盘表房间' })
    .locator('[data-color="green"]:not([data-lottery])');
  if ((await free.count()) > 0) {
    // Floors far from view are not drawn yet (content-visibility): found by attribute, not role.
    await expect(free.first().locator('[data-deposit]')).toHaveText('订约金缴纳');
  }

  await cell.getByRole('button', { name: `${place.houseMapName} 房间详情` }).click();
  const sheet = page.getByRole('dialog', { name: `${place.houseMapName} 房间详情` });
  const note = sheet.getByRole('note', { name: '摇号房源' });
  await expect(note).toContainText('本房源参加摇号选房，请按摇号顺序选房');
  await expect(sheet.getByRole('button', { name: '订约金缴纳' })).toHaveCount(0);
  await note.getByRole('link', { name: `查看「${batch.title}」` }).click();
  await expect(page).toHaveURL(new RegExp(`/lottery\\?id=${batch.id}$`));
  await expect(page.getByRole('heading', { name: batch.title })).toBeVisible();
});

test('摇号房源 reads whole on a 375 px phone in 长辈版', async ({ browser, baseURL, request }) => {
  const { roomId, href } = await lotteryRoom(request);
  const context = await browser.newContext({ ...PHONE });
  try {
    await context.addCookies([{ name: 'portal_care', value: '1', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(href);
    await expect(page.locator('html')).toHaveAttribute('data-care', '1');
    const mark = page.locator(`[data-room="${roomId}"]`).getByText('摇号房源', { exact: true });
    await mark.scrollIntoViewIfNeeded();
    await expect(mark).toBeVisible();
    // Text of the mode's size, on one line, nothing of it cut off by the cell.
    const fit = await mark.evaluate((element) => {
      const cell = element.closest('[data-room]')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return {
        fontSize: parseFloat(getComputedStyle(element).fontSize),
        oneLine: box.height < parseFloat(getComputedStyle(element).fontSize) * 2,
        inside: box.left >= cell.left - 1 && box.right <= cell.right + 1,
      };
    });
    expect(fit.fontSize).toBeGreaterThanOrEqual(18);
    expect(fit).toMatchObject({ oneLine: true, inside: true });
  } finally {
    await context.close();
  }
});
