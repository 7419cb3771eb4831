import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { passwordToken } from './account-helpers';
import { PHONE, tapReachable, verifiedBuyer } from './phone-helpers';
import { addSessionCookies } from './session-helpers';

const OPERATOR = { phone: '13900000000', password: 'Admin@2026' };
/** The demo beacon (a round every 3 s since drand's quicknet genesis), as the server follows it. */
const QUICKNET = { genesisSeconds: 1692803367, periodSeconds: 3 };

interface Room {
  id: number;
  color: string;
  allowSell: boolean;
  lottery: { batchId: number } | null;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { code: string; message: string; data: T };
  expect(body.code, `${method} ${url}: ${body.message}`).toBe('000000');
  return body.data;
}

/** A 证明材料 upload (a small PDF) of the buyer's; answers its key. */
async function uploadProof(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/api/lottery/proofs', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: '证明.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  const body = (await response.json()) as { code: string; message: string; data: { path: string } };
  expect(body.code, body.message).toBe('000000');
  return body.data.path;
}

const waitUntil = async (ms: number) => {
  const left = ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
};

/**
 * 选房 in draw order on a phone (docs/product/lottery.md): two verified families register for a
 * batch of two rooms and are approved, the list is published and drawn (set up through the API;
 * the console's own journey is e2e/lottery-console.spec.ts). The buyer drawn first finds 订约金缴纳
 * on the batch's room on the building table (the other buyer does not), pays at the bank, and
 * the second buyer's turn starts at once: the public board and the second buyer's 我的摇号 show
 * it as it happens, without a reload.
 */
test('the buyer drawn first chooses and pays in their turn on a phone, and the next turn starts', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const operator = await passwordToken(request, OPERATOR.phone, OPERATOR.password);
  const buyers = [await verifiedBuyer(request), await verifiedBuyer(request)];

  // Two green rooms of one unit of a project no batch uses yet: its last building's last unit,
  // away from the first green room that other journeys book.
  const used = new Set(
    (await call<{ projectId: number }[]>(request, operator, 'GET', '/api/lottery/batches')).map(
      (b) => b.projectId,
    ),
  );
  const projects = await call<{ list: { id: number }[] }>(
    request,
    operator,
    'GET',
    '/api/projects?pageSize=20',
  );
  let picked: { projectId: number; buildingId: number; unit: string; roomIds: number[] } | null =
    null;
  for (const project of projects.list.filter((p) => !used.has(p.id)).reverse()) {
    const buildings = await call<{ id: number; units: string[] }[]>(
      request,
      operator,
      'GET',
      `/api/building-table/projects/${project.id}/buildings`,
    );
    const last = buildings.at(-1);
    const unit = last?.units.at(-1);
    if (!last || !unit || buildings.length < 2) continue;
    const table = await call<{ floors: { houseList: Room[] }[] }>(
      request,
      operator,
      'GET',
      `/api/building-table/buildings/${last.id}/rooms?unit=${encodeURIComponent(unit)}`,
    );
    const green = table.floors
      .flatMap((f) => f.houseList)
      .filter((r) => r.color === 'green' && r.allowSell && !r.lottery);
    if (green.length >= 2) {
      picked = {
        projectId: project.id,
        buildingId: last.id,
        unit,
        roomIds: green.slice(-2).map((r) => r.id),
      };
      break;
    }
  }
  if (!picked) throw new Error('no project with two free green rooms');
  const tableUrl = `/houses?id=${picked.projectId}&building=${picked.buildingId}&unit=${encodeURIComponent(picked.unit)}`;

  // The batch: registration open now, closing in 10 s, drawn a second later.
  const now = Date.now();
  const closes = now + 10_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const code = `TURN-${Date.now() % 1_000_000}`;
  const { id: batchId } = await call<{ id: number }>(
    request,
    operator,
    'POST',
    '/api/admin/lottery/batches',
    {
      code,
      title: `选房测试 ${code}`,
      projectId: picked.projectId,
      roomIds: picked.roomIds,
      prioritySharePct: 0,
      localHukouOrInsuranceMonths: 12,
      description: '',
      regOpensAt: iso(now - 60_000),
      regClosesAt: iso(closes),
      reviewClosesAt: iso(closes),
      drawAt: iso(closes + 1_000),
      slotMinutes: 5,
      missedGoesLast: true,
      beacon: 'simulator',
      beaconRound: Math.floor((now / 1000 - QUICKNET.genesisSeconds) / QUICKNET.periodSeconds) - 10,
    },
  );
  for (const token of buyers) {
    await call(request, token, 'PUT', `/api/lottery/batches/${batchId}/registration`, {
      members: [],
      memberConsent: false,
      homeless: false,
      localHukou: true,
      socialInsuranceMonths: 24,
      note: '',
      proofs: [
        { kind: 'hukou', path: await uploadProof(request, token) },
        { kind: 'insurance', path: await uploadProof(request, token) },
      ],
    });
  }
  const queue = await call<{ id: number }[]>(
    request,
    operator,
    'GET',
    `/api/admin/lottery/batches/${batchId}/registrations`,
  );
  for (const registration of queue) {
    await call(
      request,
      operator,
      'POST',
      `/api/admin/lottery/registrations/${registration.id}/decision`,
      {
        approve: true,
      },
    );
  }
  await waitUntil(closes + 200);
  await call(request, operator, 'POST', `/api/admin/lottery/batches/${batchId}/publish`);
  await waitUntil(closes + 1_200);
  await call(request, operator, 'POST', `/api/admin/lottery/batches/${batchId}/draw`);

  // Who was drawn first.
  const placeOf = async (token: string) =>
    (
      await call<
        Array<{ batchId: number; place: { chooseOrder: number; slotStatus: string } | null }>
      >(request, token, 'GET', '/api/lottery/mine')
    ).find((r) => r.batchId === batchId)!.place!;
  const order = await Promise.all(buyers.map(placeOf));
  const firstIndex = order.findIndex((p) => p.chooseOrder === 1);
  const [first, second] = [buyers[firstIndex]!, buyers[1 - firstIndex]!];
  expect(order[firstIndex]!.slotStatus).toBe('active');

  const phoneOf = async (token: string) => {
    const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
    await addSessionCookies(context, token);
    return { context, page: await context.newPage() };
  };
  const roomCell = (page: Page) => page.locator(`[data-room="${picked.roomIds[0]}"]`);

  // The second buyer sees the room marked 摇号房源 and cannot book it out of turn.
  const waiting = await phoneOf(second);
  await waiting.page.goto(tableUrl);
  await expect(roomCell(waiting.page)).toContainText('摇号房源');
  await expect(roomCell(waiting.page).getByRole('button', { name: '订约金缴纳' })).toHaveCount(0);
  await waiting.page.goto('/myLottery');
  await expect(waiting.page.getByText(/您前面还有 1 位/)).toBeVisible();

  // Anyone may watch the board on the batch page; it follows the line as the server pushes it.
  const watcher = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const board = await watcher.newPage();
  await board.goto(`/lottery?id=${batchId}`);
  await expect(board.getByTestId('lottery-current')).toHaveText('正在选房：第 1 号');
  await expect(board.getByTestId('lottery-live')).toHaveText('实时更新');

  // The buyer drawn first: their turn is on in 我的摇号, and the table offers them the room.
  const chooser = await phoneOf(first);
  await chooser.page.goto('/myLottery');
  await expect(
    chooser.page.getByText('轮到您了：请在楼盘的一房一价表中选定房源并提交订单。'),
  ).toBeVisible();
  await chooser.page.goto(tableUrl);
  const deposit = roomCell(chooser.page).getByRole('button', { name: '订约金缴纳' });
  await deposit.scrollIntoViewIfNeeded();
  await tapReachable(deposit);
  await expect(chooser.page).toHaveURL(new RegExp(`/orderConfirmation\\?id=${picked.roomIds[0]}`));
  await tapReachable(chooser.page.getByRole('button', { name: '立即支付' }));
  const agreement = chooser.page.getByRole('dialog', { name: '《新建商品房订约金缴纳协议》' });
  await tapReachable(agreement.getByRole('button', { name: '同意并继续' }));
  await expect(chooser.page).toHaveURL(/\/dev\/bank\/pay$/);
  await chooser.page.getByRole('button', { name: '支付成功' }).click();
  await expect(chooser.page.getByText('订约金支付成功').first()).toBeVisible();

  // The choice used the turn: the second buyer's starts at once, and both pages say so without
  // being reloaded (the board's pushes; the 5-second fallback poll is off while they are live).
  await expect(board.getByTestId('lottery-current')).toHaveText('正在选房：第 2 号', {
    timeout: 4_000,
  });
  await expect(
    waiting.page.getByText('轮到您了：请在楼盘的一房一价表中选定房源并提交订单。'),
  ).toBeVisible({ timeout: 4_000 });
  await watcher.close();
  await waiting.page.goto(tableUrl);
  await expect(
    waiting.page
      .locator(`[data-room="${picked.roomIds[1]}"]`)
      .getByRole('button', { name: '订约金缴纳' }),
  ).toBeVisible();
  await waiting.context.close();
  await chooser.context.close();
});
