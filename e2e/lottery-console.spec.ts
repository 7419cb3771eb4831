import { expect, type Locator, type Page, test } from '@playwright/test';
import { freshIdCard, passwordToken, useToken } from './account-helpers';
import { fillReachable, PHONE, tapReachable, verifiedBuyer } from './phone-helpers';
import { addSessionCookies } from './session-helpers';

const OPERATOR = { phone: '13900000000', password: 'Admin@2026' };

/** A small real PNG (48×32), as a phone's camera would hand over a photo of a document. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl9NMBrtYH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcYSBSXFrwI5wAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
/** A one-page PDF, as the 不动产登记 search prints it. */
const PDF = {
  name: '不动产登记查询结果.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
};

/** A moment as the console's date pickers take it: Beijing time, to the second. */
function beijing(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Types a time into a date picker of the form (it takes typed text without a confirm button). */
async function pickTime(page: Page, label: string, ms: number): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(beijing(ms));
  // Leaving the field keeps the typed time (Enter would submit the form).
  await input.press('Tab');
  await expect(input).toHaveValue(beijing(ms));
}

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
    .click();
}

/**
 * The whole 摇号 in the console (docs/product/lottery.md): an operator sets a batch up on a
 * project's rooms with registration open now, a verified citizen registers a family on a phone
 * with the 证明材料 its answers call for (a photo of the 户口簿, the 无房 search as a PDF, a photo
 * of the 结婚证), the operator opens a proof and approves it, publishes the list with its commitment and draws once the draw time
 * and its beacon round (the demo's simulator, a round every 3 s) have come; the public verifier
 * then recomputes the order and says 一致. The batch's times are seconds apart so the journey
 * runs in about a minute: registration and review close 40 s after the form is filled in, the
 * draw follows 4 s later, so one round of the beacon falls between them. On a loaded host
 * (a CI lane beside the every-page checks) the registration and the review took longer than
 * 40 s, so the window grows with the time the journey took to reach the form: six times that,
 * at least 40 s (on a quiet host the review is done about twice that time after the form).
 */
test('an operator sets up a 摇号 batch, approves a family, publishes and draws; the verifier agrees', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const began = Date.now();
  await page.setViewportSize({ width: 1440, height: 900 });
  const citizenToken = await verifiedBuyer(page.request);
  const operatorToken = await passwordToken(page.request, OPERATOR.phone, OPERATOR.password);
  await useToken(page, operatorToken);

  // The console's list and the 新建摇号批次 form.
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '摇号选房' }).click();
  await expect(page).toHaveURL(/\/admin\/lottery$/);
  await page.getByRole('button', { name: '新建摇号批次' }).click();
  const form = page.locator('form');
  await form.getByRole('button', { name: '创建批次' }).click();
  // Checked before anything is sent, with the server's words.
  await expect(form.getByText('请填写批次编号')).toBeVisible();
  await expect(form.getByText('请选择摇号房源')).toBeVisible();

  const code = `E2E-${Date.now() % 1_000_000}`;
  const title = `控制台摇号测试 ${code}`;
  await form.getByLabel('批次编号').fill(code);
  await form.getByLabel('批次名称').fill(title);
  // A project no batch uses yet, so none of its rooms is taken; not the first of the list: a
  // journey in the other lane books a green room in the first project a citizen's filters show
  // (the newest), and a project with a batch takes no deposit.
  const get = async <T>(url: string): Promise<T> =>
    (
      (await (
        await page.request.get(url, { headers: { authorization: `Bearer ${operatorToken}` } })
      ).json()) as { data: T }
    ).data;
  const used = new Set(
    (await get<{ projectId: number }[]>('/api/lottery/batches')).map((b) => b.projectId),
  );
  const projects = await get<{ list: { id: number; publishName: string }[] }>(
    '/api/admin/projects?pageNum=1',
  );
  const project = projects.list.filter((p) => !used.has(p.id))[1]!;
  await choose(page, form.getByLabel('楼盘'), project.publishName);
  // A whole unit: its rooms are ticked at once (rooms of another batch stay out).
  const unit = form
    .locator('.ant-tree-treenode')
    .filter({ hasNot: page.locator('.ant-tree-switcher-noop') })
    .nth(1);
  await unit.locator('.ant-tree-checkbox').click();
  await expect(form.getByTestId('lottery-room-count')).not.toHaveText('已选 0 套');

  const start = Date.now();
  const reviewWindow = Math.max(40_000, 6 * (start - began));
  const closes = start + reviewWindow;
  test.setTimeout(180_000 + reviewWindow);
  await pickTime(page, '登记开始', start - 60_000);
  await pickTime(page, '登记截止', closes);
  await pickTime(page, '审核与申诉截止', closes);
  await pickTime(page, '摇号时间', closes + 4_000);
  await choose(page, form.getByLabel('随机源'), '模拟随机信标（演示环境）');
  await expect(form.getByLabel('随机信标轮次')).not.toHaveValue('');
  await form.getByLabel('无房家庭优先比例（%）').fill('50');
  await form.getByRole('button', { name: '创建批次' }).click();
  await expect(page).toHaveURL(/\/admin\/lottery\/batch\?id=\d+$/);
  const batchId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: '公示名单' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '摇号', exact: true })).toBeDisabled();

  // A citizen registers a family on a phone through the batch page.
  const phoneContext = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  await addSessionCookies(phoneContext, citizenToken);
  const phone = await phoneContext.newPage();
  await phone.goto(`/lottery?id=${batchId}`);
  await expect(phone.getByRole('heading', { name: title })).toBeVisible();
  await tapReachable(phone.getByRole('checkbox', { name: /无房家庭/ }));
  await tapReachable(phone.getByRole('button', { name: '添加家庭成员（配偶、未成年子女）' }));
  await fillReachable(phone.getByRole('textbox', { name: '姓名' }), '李晓红');
  await fillReachable(phone.getByRole('textbox', { name: '身份证号' }), freshIdCard());
  await tapReachable(phone.getByRole('checkbox', { name: /我已取得家庭成员同意/ }));
  // Without the proofs its answers call for, the form names them and sends nothing.
  await tapReachable(phone.getByRole('button', { name: '提交意向登记' }));
  await expect(
    phone.getByText('请上传证明材料：户口簿首页及本人页、无房证明（不动产登记查询结果）、结婚证'),
  ).toBeVisible();
  await phone.getByLabel('上传户口簿首页及本人页').setInputFiles([photo('户口簿首页.png')]);
  await expect(phone.getByRole('img', { name: '户口簿首页及本人页1' })).toBeVisible();
  await phone.getByLabel('上传无房证明（不动产登记查询结果）').setInputFiles([PDF]);
  await expect(phone.getByText('不动产登记查询结果.pdf')).toBeVisible();
  await phone.getByLabel('上传结婚证').setInputFiles([photo('结婚证.png')]);
  await expect(phone.getByRole('img', { name: '结婚证1' })).toBeVisible();
  await tapReachable(phone.getByRole('button', { name: '提交意向登记' }));
  await expect(phone.getByTestId('lottery-own-status')).toContainText('审核中');
  const regNo = /登记号 (\S+)：/.exec(
    (await phone.getByTestId('lottery-own-status').textContent()) ?? '',
  )![1]!;

  // The operator approves it in the queue (the ID numbers masked).
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: regNo });
  await expect(row).toContainText('审核中');
  await expect(row).toContainText(/\*{4}/);
  // The operator opens a proof (the server lets operators in) before deciding.
  const [proof] = await Promise.all([
    page.waitForEvent('popup'),
    row.getByRole('link', { name: '结婚证 1' }).click(),
  ]);
  await expect(proof).toHaveURL(/\/api\/lottery\/proofs\/\d+\/[a-f0-9]{32}\.png$/);
  const opened = await page.request.get(proof.url());
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('image/png');
  await proof.close();
  await expect(
    row.getByRole('link', { name: '无房证明（不动产登记查询结果） 1（PDF）' }),
  ).toBeVisible();
  expect(Date.now(), 'the review must still be open when the operator decides').toBeLessThan(
    closes,
  );
  await row.getByRole('button', { name: `通过 ${regNo}`, exact: true }).click();
  await expect(row).toContainText('资格通过');

  // Once review closes: 公示名单, confirmed as final, shows the commitment.
  const publish = page.getByRole('button', { name: '公示名单' });
  await expect(publish).toBeEnabled({ timeout: closes - Date.now() + 20_000 });
  await publish.click();
  const confirm = page.getByRole('dialog', { name: '确认公示名单' });
  await expect(confirm).toContainText('公示后名单和承诺值都不能更改');
  await confirm.getByRole('button', { name: '确认公示，不可更改' }).click();
  await expect(page.getByTestId('lottery-list-hash')).toHaveText(/^[0-9a-f]{64}$/);

  // The draw opens at its time, once the named round exists.
  const draw = page.getByRole('button', { name: '摇号', exact: true });
  await expect(draw).toBeEnabled({ timeout: 30_000 });
  await draw.click();
  await expect(page.getByText('摇号完成').first()).toBeVisible();
  const results = page.getByRole('table').filter({ hasText: '选房顺序' });
  await expect(results.getByRole('row').filter({ hasText: regNo })).toContainText('中签');

  // The public verifier recomputes the draw: 一致.
  await page.getByRole('link', { name: '打开公开复核页' }).click();
  await expect(page).toHaveURL(new RegExp(`/lotteryVerify\\?id=${batchId}$`));
  await page.getByRole('button', { name: '在本机重新计算' }).click();
  await expect(page.getByTestId('verify-verdict')).toHaveText('一致');

  // The citizen's phone shows the family's place.
  await phone.goto('/myLottery');
  await expect(phone.getByText(regNo).first()).toBeVisible();
  await expect(phone.getByTestId('my-lottery-proofs').first()).toContainText(
    '户口簿首页及本人页 1',
  );
  await phoneContext.close();
});
