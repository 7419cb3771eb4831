import { expect, type Locator, type Page, test } from '@playwright/test';
import { useToken } from './account-helpers';
import { expectReachable, PHONE, tokenOf } from './phone-helpers';

test.use(PHONE);

/** A small real PNG (48×32) for the photo uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl9NMBrtYH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcYSBSXFrwI5wAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/**
 * Every touch of the screen the citizen makes: a field tapped before typing, a choice, a button,
 * the photo tile (one tap chooses several photos). Keystrokes on the keyboard are not taps.
 */
class TapCounter {
  count = 0;
  readonly log: string[] = [];
  constructor(private readonly page: Page) {}

  async tap(control: Locator, what: string): Promise<void> {
    await expectReachable(control);
    await control.tap();
    this.count += 1;
    this.log.push(what);
  }

  async fill(field: Locator, value: string, what: string): Promise<void> {
    await this.tap(field, what);
    await field.fill(value);
  }

  /** One choice of the row of choices named `group`. */
  async choose(group: string, option: string): Promise<void> {
    const choice = this.page
      .getByRole('radiogroup', { name: group })
      .locator('label')
      .filter({ has: this.page.getByText(option, { exact: true }) });
    await this.tap(choice, `${group} ${option}`);
    await expect(this.page.getByRole('radio', { name: option, exact: true })).toBeChecked();
  }

  /** The photo tile of a field, then the photos chosen in the phone's picker (one tap). */
  async photos(label: string, names: string[]): Promise<void> {
    const tile = this.page.locator('label').filter({ has: this.page.getByLabel(label) });
    await expectReachable(tile);
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), tile.tap()]);
    this.count += 1;
    this.log.push(label);
    await chooser.setFiles(names.map(photo));
    for (const name of names) await expect(this.page.getByRole('img', { name })).toBeVisible();
  }
}

test('a sale listing with three photos is published in at most 25 taps, surviving a reload half-way', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, '13800000001');
  const auth = { authorization: `Bearer ${token}` };
  // No draft left by an earlier run of the same account.
  await request.delete('/api/listings/draft?type=1', { headers: auth });
  await useToken(page, token);
  const qrFetches: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/site/qr.svg')) qrFetches.push(sent.url());
  });
  await page.goto('/addhouse?type=1');
  await expect(page.getByRole('heading', { level: 1, name: '发布房源' })).toBeAttached();
  const taps = new TapCounter(page);

  // Step 1 房源核验: number fields bring up the numeric keyboard; a pass goes on by itself.
  await expect(page.getByLabel('证书年份')).toHaveAttribute('inputmode', 'numeric');
  await taps.fill(page.getByLabel('证书年份'), '2021', '证书年份');
  await taps.fill(page.getByLabel('证书编号'), '0012345', '证书编号');
  await taps.fill(page.getByLabel('产权人姓名'), '李思远', '产权人姓名');
  await taps.fill(page.getByLabel('产权人证件号'), '130302199003151234', '产权人证件号');
  await taps.tap(page.getByRole('button', { name: '核验' }), '核验');

  // Step 2 填写信息 starts from the ownership register and the usual answers.
  await expect(page.getByLabel('地址', { exact: true })).toHaveValue('海港区文化路88号');
  await expect(page.getByLabel('小区名称')).not.toHaveValue('');
  await expect(page.getByLabel('建筑面积')).toHaveValue('96.50');
  await expect(page.getByRole('radio', { name: '住宅', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: '70年', exact: true })).toBeChecked();
  await expect(page.getByLabel('室', { exact: true })).toHaveValue('2');
  for (const [label, mode] of [
    ['建筑面积', 'decimal'],
    ['所在层', 'numeric'],
    ['总层数', 'numeric'],
    ['建成年份', 'numeric'],
    ['期望售价', 'decimal'],
  ] as const)
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('inputmode', mode);

  await taps.fill(page.getByLabel('楼栋', { exact: true }), '2', '楼栋');
  await taps.fill(page.getByLabel('单元', { exact: true }), '1', '单元');
  await taps.fill(page.getByLabel('门牌', { exact: true }), '302', '门牌');
  await taps.fill(page.getByLabel('所在层'), '3', '所在层');
  await taps.fill(page.getByLabel('总层数'), '18', '总层数');
  // Eighteen floors: the lift is taken for granted (and can be changed).
  await expect(page.getByRole('radio', { name: '有电梯', exact: true })).toBeChecked();
  await taps.choose('朝向', '南北');
  await taps.choose('装修标准', '精装');
  await taps.fill(page.getByLabel('建成年份'), '2010', '建成年份');
  await taps.choose('建筑类型', '板楼');
  await taps.tap(page.getByRole('checkbox', { name: '满五唯一' }), '满五唯一');
  await taps.fill(page.getByLabel('期望售价'), '96', '期望售价');
  await taps.fill(page.getByLabel('房源描述'), '南北通透，近学校，手机上发布。', '房源描述');
  await taps.photos('上传房屋照片', ['客厅.png', '卧室.png', '厨房.png']);
  const title = await page.getByLabel('房源标题').inputValue();
  expect(title).toMatch(/ 2室1厅1卫 96\.5㎡$/);

  // Half-way the page is reloaded: the draft brings everything back, photos and step included.
  await expect(page.getByRole('status').filter({ hasText: '草稿已自动保存' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('已恢复您上次填写的内容')).toBeVisible();
  await expect(page.getByLabel('证书年份')).toHaveCount(0);
  await expect(page.getByLabel('门牌', { exact: true })).toHaveValue('302');
  await expect(page.getByLabel('总层数')).toHaveValue('18');
  await expect(page.getByRole('radio', { name: '南北', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: '板楼', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '满五唯一' })).toBeChecked();
  await expect(page.getByLabel('期望售价')).toHaveValue('96.00');
  await expect(page.getByLabel('房源标题')).toHaveValue(title);
  for (const name of ['客厅.png', '卧室.png', '厨房.png'])
    await expect(page.getByRole('img', { name })).toBeVisible();
  await taps.tap(page.getByRole('button', { name: '下一步' }), '下一步');

  // Step 3 认证材料.
  await taps.photos('上传房本照片', ['房本.png']);
  await taps.photos('上传身份证照片', ['身份证.png']);
  await taps.tap(page.getByRole('button', { name: '提交' }), '提交');
  await expect(page.getByText('提交成功，等待审核')).toBeVisible();

  console.log(`publishing taps: ${taps.count} (${taps.log.join(', ')})`);
  expect(taps.count, taps.log.join(', ')).toBeLessThanOrEqual(25);

  // The phone is not asked to scan a code it shows; the pending listing opens as its preview.
  await expect(page.getByText(/随时查看房源审核进度/)).toBeHidden();
  // No code is shown, and its picture is not even fetched (the stylesheet hides it on a phone).
  await expect(page.getByRole('img', { name: /二维码/ })).toHaveCount(0);
  expect(qrFetches).toEqual([]);
  const draft = await request.get('/api/listings/draft?type=1', { headers: auth });
  expect(((await draft.json()) as { data: unknown }).data).toBeNull();
  await page.getByRole('link', { name: '预览房源' }).tap();
  await expect(page).toHaveURL(/\/detailscs\?id=\d+/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('待审核').first()).toBeVisible();

  // 我的二手房 links the pending listing to the same preview.
  await page.goto('/mySecondHandHouse');
  const row = page.getByRole('article', { name: title });
  await expect(row.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    /\/detailscs\?id=\d+/,
  );
});
