import { expect, type APIRequestContext, type Browser, type Page, test } from '@playwright/test';
import { passwordToken, useToken } from './account-helpers';

/** A small real PNG (48×32) for the listing and report photos. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl9NMBrtYH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcYSBSXFrwI5wAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const PHONE = { width: 375, height: 812 };

async function signIn(request: APIRequestContext, account: string, password: string) {
  return passwordToken(request, account, password);
}

/** A sale listing of the demo buyer saved and approved through the API; answers its id. */
async function publishedListing(
  request: APIRequestContext,
  owner: string,
  operator: string,
  title: string,
): Promise<number> {
  const headers = { authorization: `Bearer ${owner}` };
  const check = await request.post('/api/listings/verifications', {
    headers,
    data: {
      certificateType: 2,
      syear: '2021',
      certificateNum: '0012345',
      areaCode: 'HGQ',
      ownerName: '李思远',
      ownerIdCard: '130302199003151234',
    },
  });
  const uploadOf = async (kind: string) => {
    const response = await request.post(`/api/listings/uploads?kind=${kind}`, {
      headers,
      multipart: { file: photo(`${kind}.png`) },
    });
    return ((await response.json()) as { data: { path: string } }).data.path;
  };
  const tags = await request.get('/api/tags?tagType=6');
  const tagId = ((await tags.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  const saved = await request.post('/api/listings', {
    headers,
    data: {
      type: 1,
      checkId: ((await check.json()) as { data: { id: number } }).data.id,
      areaCode: 'HGQ',
      communityName: '文化路小区',
      address: '海港区文化路88号',
      buildNum: '3',
      cellNum: '2',
      houseNum: '503',
      bedroom: 2,
      room: 1,
      toilet: 1,
      buildArea: 80,
      floorNum: 5,
      totalFloor: 18,
      direction: '2',
      decorates: '3',
      elevator: '1',
      houseType: '5',
      buildType: '1',
      rightLimit: '1',
      age: 2015,
      price: 900_000,
      title,
      description: '两室一厅，采光好。',
      checkList: [tagId],
      secondHouse: [{ path: await uploadOf('house'), name: '客厅.png', cover: true }],
      secondCertificate: [{ path: await uploadOf('certificate'), name: '房本.png' }],
      secondIdCard: [{ path: await uploadOf('idcard'), name: '身份证.png' }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const id = ((await saved.json()) as { data: { id: number } }).data.id;
  const approved = await request.post(`/api/admin/listing-review/${id}/approve`, {
    headers: { authorization: `Bearer ${operator}` },
  });
  expect(approved.ok()).toBe(true);
  return id;
}

async function pageAs(browser: Browser, token: string | null, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (token) await useToken(page, token);
  return page;
}

test.describe('an operator takes down a listing a citizen reported', () => {
  test('the listing leaves search, the owner sees 已下架 with the reason, the reporter hears the outcome, its check code is revoked; restored, it comes back with a new code', async ({
    browser,
    request,
  }) => {
    // Four people's pages and some twenty visits in one journey.
    test.setTimeout(150_000);
    const title = `文化路小区 两室一厅 举报下架 ${Date.now() % 100000}`;
    const owner = await signIn(request, '13800000001', 'Demo@2026');
    const operator = await signIn(request, '13900000000', 'Admin@2026');
    const reporter = await signIn(request, '13800000002', 'Demo@2026');
    const id = await publishedListing(request, owner, operator, title);
    const search = `/secondhandhouse?keyword=${encodeURIComponent(title)}`;

    // A signed-out visitor finds it in search while it is public.
    const visitor = await pageAs(browser, null);
    await visitor.goto(search);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    // 举报 needs a session: signed out it opens the sign-in dialog, no report form.
    await visitor.goto(`/detailscs?id=${id}`);
    await visitor.getByRole('button', { name: /^举\s?报$/ }).click();
    await expect(visitor.getByRole('dialog', { name: '登录', exact: true })).toBeVisible();
    await expect(visitor.getByRole('dialog', { name: '举报房源' })).toHaveCount(0);

    // A citizen on a phone opens the listing: its check code, then 举报 in a bottom sheet.
    const citizen = await pageAs(browser, reporter);
    await citizen.goto(`/detailscs?id=${id}`);
    const panel = citizen.getByRole('region', { name: '房源核验' });
    const code = (await panel.getByRole('link', { name: /^QHD/ }).textContent()) ?? '';
    expect(code).toMatch(/^QHD[2-9A-HJ-NP-Z]{10}$/);
    await expect(panel.getByRole('img', { name: '房源核验码二维码' })).toBeVisible();
    await citizen.getByRole('button', { name: /^举\s?报$/ }).click();
    const sheet = citizen.getByRole('dialog', { name: '举报房源' });
    await sheet.getByRole('radio', { name: '虚假房源' }).check();
    await sheet.getByLabel('补充说明（选填）').fill('打电话说房子早就卖了，照片也不是这套。');
    await sheet.getByLabel('上传举报图片').setInputFiles([photo('聊天截图.png')]);
    await expect(sheet.getByRole('img', { name: '举报图片1' })).toBeVisible();
    await sheet.getByRole('button', { name: '提交举报' }).click();
    await expect(citizen.getByText('举报已提交，平台处理后会通知您')).toBeVisible();
    await expect(citizen.getByRole('button', { name: '已举报' })).toBeDisabled();

    // The operator decides from the report queue: take it down with a reason.
    const console = await pageAs(browser, operator, { width: 1440, height: 900 });
    await console.goto('/admin/listing-reports');
    const row = console.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('1条')).toBeVisible();
    await row.getByRole('button', { name: '处理' }).click();
    const drawer = console.getByRole('dialog');
    await expect(drawer.getByText('打电话说房子早就卖了，照片也不是这套。')).toBeVisible();
    await drawer.getByLabel('处理说明').fill('经核实房源已售出');
    await drawer.getByRole('button', { name: '下架房源' }).click();
    await expect(console.getByText('房源已下架')).toBeVisible();

    // The signed-out visitor no longer finds it, nor opens it.
    await visitor.goto(search);
    await expect(visitor.getByText('暂未查到符合条件的房源')).toBeVisible();
    await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
    await visitor.goto(`/detailscs?id=${id}`);
    await expect(visitor.getByText('房源不存在或已下架')).toBeVisible();

    // The owner sees 已下架 and the reason on /mySecondHandHouse.
    const ownerPage = await pageAs(browser, owner);
    await ownerPage.goto('/mySecondHandHouse');
    const mine = ownerPage.getByRole('article', { name: title });
    await expect(mine.getByText('已下架', { exact: true })).toBeVisible();
    await expect(mine.getByText('下架原因：经核实房源已售出')).toBeVisible();

    // The reporter's notice has the outcome and leads to the listing.
    await citizen.goto('/myNotice');
    const notice = citizen
      .getByRole('row')
      .filter({ hasText: `您举报的房源「${title}」经平台核查，已下架：经核实房源已售出` });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: '查看' })).toBeVisible();

    // The old check code says it is revoked, and why.
    await visitor.goto(`/verify?code=${code}`);
    const result = visitor.getByRole('region', { name: '核验结果' });
    await expect(result.getByText('该核验码已失效')).toBeVisible();
    await expect(result.getByText(/房源已被平台下架/)).toBeVisible();
    await visitor.goto('/verify?code=QHD2222222222');
    await expect(visitor.getByText('未查询到该核验码')).toBeVisible();

    // The operator restores it from the console with a reason: public again, with a new code.
    await console.goto('/admin/listings');
    await console.getByRole('tab', { name: '已下架' }).click();
    const takenDown = console.getByRole('row').filter({ hasText: title });
    await expect(takenDown.getByText('原因：经核实房源已售出')).toBeVisible();
    await takenDown.getByRole('button', { name: '恢复发布' }).click();
    const restore = console.getByRole('dialog', { name: '恢复发布' });
    await restore.getByLabel('恢复原因').fill('房东补充材料，核实仍在售');
    await restore.getByRole('button', { name: '确认恢复' }).click();
    await expect(console.getByText('房源已恢复发布')).toBeVisible();
    await visitor.goto(search);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await visitor.goto(`/detailscs?id=${id}`);
    const fresh = visitor
      .getByRole('region', { name: '房源核验' })
      .getByRole('link', { name: /^QHD/ });
    await expect(fresh).not.toHaveText(code);
    await visitor.goto(`/verify?code=${code}`);
    await expect(visitor.getByText('该核验码已失效')).toBeVisible();
    await ownerPage.goto('/myNotice');
    await expect(
      ownerPage
        .getByRole('row')
        .filter({ hasText: `您发布的二手房源「${title}」已恢复发布：房东补充材料，核实仍在售` }),
    ).toBeVisible();
  });
});
