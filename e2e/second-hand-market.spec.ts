import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { passwordToken, useToken } from './account-helpers';

/** A small real PNG (48×32) for the photo uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl9NMBrtYH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcYSBSXFrwI5wAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function signInToken(
  request: APIRequestContext,
  account: string,
  password: string,
): Promise<string> {
  return passwordToken(request, account, password);
}

/** A window showing one uploaded house photo at its own size (the 48×32 test picture). */
async function expectFullSizePhoto(viewer: Locator): Promise<void> {
  await expect(viewer).toBeVisible();
  const image = viewer.locator('img[src*="/oss/app/listing/"]').first();
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/\/oss\/app\/listing\/\d+\/[a-f0-9]{32}\.png$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await viewer.getByRole('button', { name: '关闭图片查看' }).click();
  await expect(viewer).toBeHidden();
}

/** Clicks the choice `option` of the row of choices named `group`. */
const pick = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

test.describe('a verified owner sells a flat through the second-hand market', () => {
  test('publishes through the wizard, waits for review, and a visitor finds the published flat', async ({
    page,
    browser,
    request,
  }) => {
    const title = `文化路小区 三室两厅 南北通透 ${Date.now() % 100000}`;
    const buyer = await signInToken(request, '13800000001', 'Demo@2026');
    await useToken(page, buyer);

    // Step 1 房源核验 against the seeded ownership register.
    await page.goto('/addhouse?type=1');
    await expect(page.getByText('房源核验').first()).toBeVisible();
    await page.getByLabel('证书年份').fill('2021');
    await page.getByLabel('证书编号').fill('0012345');
    await page.getByLabel('产权人姓名').fill('李思远');
    await page.getByLabel('产权人证件号').fill('130302199003151234');
    await page.getByRole('button', { name: '核验' }).click();
    // A passed check goes on by itself, starting from what the register holds.

    // Step 2 填写信息.
    await expect(page.getByLabel('地址', { exact: true })).toHaveValue('海港区文化路88号');
    await page.getByLabel('小区名称').fill('文化路小区');
    await page.getByLabel('地址', { exact: true }).fill('海港区文化路88号');
    await page.getByLabel('楼栋', { exact: true }).fill('3');
    await page.getByLabel('单元', { exact: true }).fill('2');
    await page.getByLabel('门牌', { exact: true }).fill('501');
    await page.getByLabel('室', { exact: true }).fill('3');
    await page.getByLabel('厅', { exact: true }).fill('2');
    await page.getByLabel('卫', { exact: true }).fill('1');
    await page.getByLabel('建筑面积').fill('96.5');
    await page.getByLabel('所在层').fill('5');
    await page.getByLabel('总层数').fill('18');
    await pick(page, '朝向', '南北');
    await pick(page, '装修标准', '精装');
    await pick(page, '有无电梯', '有电梯');
    await page.getByLabel('建成年份').fill('2012');
    await pick(page, '房屋类型', '住宅');
    await pick(page, '建筑类型', '板楼');
    await pick(page, '产权年限', '70年');
    await page.getByRole('checkbox', { name: '满五唯一' }).check();
    await page.getByRole('checkbox', { name: '南北通透' }).check();
    await page.getByLabel('期望售价').fill('128');
    await page.getByLabel('房源标题').fill(title);
    await page.getByLabel('房源描述').fill('南北通透，采光好，满五唯一，诚心出售。');
    await page
      .getByLabel('上传房屋照片')
      .setInputFiles([photo('客厅.png'), photo('卧室.png'), photo('厨房.png')]);
    await expect(page.getByRole('img', { name: '卧室.png' })).toBeVisible();
    await expect(page.getByText('封面', { exact: true })).toHaveCount(1);
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 3 认证材料 (private photos).
    await page.getByLabel('上传房本照片').setInputFiles([photo('房本.png')]);
    await expect(page.getByRole('img', { name: '房本.png' })).toBeVisible();
    await page.getByLabel('上传身份证照片').setInputFiles([photo('身份证.png')]);
    await expect(page.getByRole('img', { name: '身份证.png' })).toBeVisible();
    await page.getByRole('button', { name: '提交' }).click();

    // Step 4: submitted, awaiting review.
    await expect(page.getByText('提交成功，等待审核')).toBeVisible();
    await page.getByRole('link', { name: '我的二手房' }).click();
    await expect(page).toHaveURL(/\/mySecondHandHouse$/);
    const row = page.getByRole('article', { name: title });
    await expect(row.getByText('待审核')).toBeVisible();
    await expect(row.getByRole('button', { name: '撤回' })).toBeVisible();

    // The operator approves it through the API.
    const admin = await signInToken(request, '13900000000', 'Admin@2026');
    const queue = await request.get('/api/admin/listings?pageSize=100', {
      headers: { authorization: `Bearer ${admin}` },
    });
    const pending = (await queue.json()) as {
      data: { list: Array<{ id: number; title: string }> };
    };
    const listing = pending.data.list.find((item) => item.title === title);
    expect(listing).toBeDefined();
    const approved = await request.post(`/api/admin/listing-review/${listing?.id}/approve`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(approved.ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('article', { name: title }).getByText('已发布')).toBeVisible();

    // A visitor finds it by district and price band and opens its page with the gallery.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/secondhandhouse');
    await visitor
      .getByRole('group', { name: '区域' })
      .getByRole('button', { name: '海港区' })
      .click();
    await visitor
      .getByRole('group', { name: '总价' })
      .getByRole('button', { name: '100-150万' })
      .click();
    await expect(visitor).toHaveURL(/areaCode=HGQ/);
    await expect(visitor).toHaveURL(/priceScope=3/);
    await visitor.getByRole('heading', { name: title }).getByRole('link').click();
    await expect(visitor).toHaveURL(new RegExp(`/detailscs\\?id=${listing?.id}$`));
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await expect(
      visitor.getByRole('region', { name: '房源概况' }).getByText('128万'),
    ).toBeVisible();
    await expect(visitor.getByText('三室两厅一卫')).toBeVisible();
    await expect(
      visitor.getByTestId('listing-gallery').getByRole('button', { name: /第\d张/ }),
    ).toHaveCount(3);
    await visitorContext.close();
  });
});

test.describe('a visitor looks through the photos of a published flat', () => {
  test('the gallery turns by itself, pauses under the pointer, and every picture opens full size', async ({
    browser,
    request,
  }) => {
    const title = `文化路小区 两室一厅 图片 ${Date.now() % 100000}`;
    const owner = await signInToken(request, '13800000001', 'Demo@2026');
    const id = await createListingThroughApi(request, owner, title, 3);
    const admin = await signInToken(request, '13900000000', 'Admin@2026');
    const approved = await request.post(`/api/admin/listing-review/${id}/approve`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(approved.ok()).toBe(true);

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/detailscs?id=${id}`);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    const gallery = visitor.getByTestId('listing-gallery');
    await expect(gallery.getByRole('button', { name: /第\d张/ })).toHaveCount(3);
    // Auto-advance every 2 s while the pointer is outside; hovering pauses it.
    await visitor.mouse.move(5, 5);
    await expect(gallery).toHaveAttribute('data-paused', 'false');
    const current = gallery.locator('button[aria-current="true"]');
    const before = (await current.getAttribute('aria-label')) ?? '';
    await expect(current).not.toHaveAttribute('aria-label', before, { timeout: 5000 });
    await gallery.hover();
    await expect(gallery).toHaveAttribute('data-paused', 'true');
    const paused = (await current.getAttribute('aria-label')) ?? '';
    await visitor.waitForTimeout(2500);
    await expect(current).toHaveAttribute('aria-label', paused);

    // The large picture, and each picture of the grid, opens full size in the photo viewer
    // (no new window: docs/decisions/0054-phone-navigation-and-floating-buttons.md).
    let popups = 0;
    visitor.on('popup', () => (popups += 1));
    const viewer = visitor.getByRole('dialog', { name: '图片查看' });
    await gallery.getByRole('button', { name: '查看大图' }).click();
    await expectFullSizePhoto(viewer);
    const grid = visitor.getByRole('region', { name: '房源图片' });
    await expect(grid.getByRole('link', { name: /查看大图/ })).toHaveCount(3);
    await grid
      .getByRole('link', { name: /查看大图/ })
      .first()
      .click();
    await expectFullSizePhoto(viewer);
    expect(popups).toBe(0);
    await visitorContext.close();
  });
});

/**
 * A sale listing of the demo buyer created through the API (verification, uploads, save), with
 * `photoCount` house photos, awaiting review.
 */
async function createListingThroughApi(
  request: APIRequestContext,
  token: string,
  title: string,
  photoCount = 1,
): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
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
  const checkId = ((await check.json()) as { data: { id: number } }).data.id;
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
      checkId,
      areaCode: 'HGQ',
      communityName: '文化路小区',
      address: '海港区文化路88号',
      buildNum: '3',
      cellNum: '2',
      houseNum: '502',
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
      secondHouse: await Promise.all(
        Array.from({ length: photoCount }, async (_, i) => ({
          path: await uploadOf('house'),
          name: `图片${i + 1}.png`,
          cover: i === 0,
        })),
      ),
      secondCertificate: [{ path: await uploadOf('certificate'), name: '房本.png' }],
      secondIdCard: [{ path: await uploadOf('idcard'), name: '身份证.png' }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { data: { id: number } }).data.id;
}

test.describe('an owner takes a listing back from /mySecondHandHouse', () => {
  test('withdraws it after confirming, keeps it when a deletion is cancelled, then deletes it', async ({
    page,
    request,
  }) => {
    const title = `文化路小区 两室一厅 业主自售 ${Date.now() % 100000}`;
    const buyer = await signInToken(request, '13800000001', 'Demo@2026');
    await createListingThroughApi(request, buyer, title);
    await useToken(page, buyer);
    await page.goto('/mySecondHandHouse');
    const row = page.getByRole('article', { name: title });
    await expect(row.getByText('待审核')).toBeVisible();
    await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);

    await row.getByRole('button', { name: '撤回' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('此操作将撤回该信息, 是否继续?')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await expect(page.getByText('操作成功')).toBeVisible();
    // Withdrawn is its own state, never 已驳回.
    await expect(row.getByText('已撤回')).toBeVisible();
    await expect(row.getByText(/驳回/)).toHaveCount(0);

    await row.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('此操作将永久删除该信息, 是否继续?')).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s?消/ })
      .click();
    await expect(page.getByText('已取消删除')).toBeVisible();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });
});
