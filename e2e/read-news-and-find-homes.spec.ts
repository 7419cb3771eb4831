import { expect, type Page, test } from '@playwright/test';
import { dropSessionCookies } from './session-helpers';

const BUYER = { account: '13800000001', password: 'Demo@2026', type: 'phone' };

interface Card {
  id: number;
  publishName: string;
}

async function apiData<T>(page: Page, url: string, token?: string): Promise<T> {
  const response = await page.request.get(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Signs the demo buyer in through the API (page.request shares the page's cookies, so the
 * session cookie signs the page in) and, when asked, sets the pop-up flag as the login page would.
 */
async function signIn(page: Page, options: { popup?: boolean } = {}): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: BUYER });
  const token = ((await response.json()) as { data: { access_token: string } }).data.access_token;
  await page.goto('/agreement');
  if (options.popup) await page.evaluate(() => localStorage.setItem('portal:popup-open', '1'));
  return token;
}

test.describe('a citizen reads news and finds homes from the home page', () => {
  test('every home block shows the city data and the district filter changes the grid', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/home');

    await expect(page.getByRole('region', { name: '横幅' }).locator('img').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: '头条' }).getByRole('link').first(),
    ).toBeAttached();
    for (const [name, type] of [
      ['房产资讯', '2'],
      ['政策公示', '1'],
    ] as const) {
      const block = page.getByRole('region', { name, exact: true });
      await expect(block.getByRole('listitem')).toHaveCount(8);
      await expect(block.getByRole('link', { name: /更多/ })).toHaveAttribute(
        'href',
        `/informationAndPolicyPage?type=${type}`,
      );
    }

    const featured = page.getByRole('region', { name: '特色楼盘' });
    await expect(featured.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    const tagCards = featured.getByTestId('characteristic-projects').getByRole('link');
    await expect(tagCards.first()).toBeVisible();
    expect(await tagCards.count()).toBeLessThanOrEqual(4);

    const grid = page.getByRole('region', { name: '新房推荐' });
    const all = await apiData<Card[]>(page, '/api/content/home-projects?size=8');
    await expect(grid.getByTestId('new-house-grid').getByRole('link')).toHaveCount(all.length);
    await expect(grid.getByTestId('new-house-grid')).toContainText(all[0]?.publishName ?? '');
    const bdh = await apiData<Card[]>(page, '/api/content/home-projects?areaCode=BDH&size=8');
    await grid.getByRole('tab', { name: '北戴河区' }).click();
    await expect(grid.getByRole('tab', { name: '北戴河区' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    if (bdh.length === 0) await expect(grid).toContainText('暂无数据');
    else {
      await expect(grid.getByTestId('new-house-grid').getByRole('link')).toHaveCount(bdh.length);
      for (const card of bdh) await expect(grid).toContainText(card.publishName);
    }

    await expect(page.getByRole('region', { name: '便民服务' }).getByRole('listitem')).toHaveCount(
      4,
    );
    await expect(page.getByRole('region', { name: '建议反馈' })).toBeVisible();
    await expect(page.getByRole('region', { name: '网站地图' })).toContainText('政策资讯');

    await page.evaluate(() => window.scrollTo(0, 0));
    const screenshot = await page.screenshot({ path: testInfo.outputPath('home-1440x900.png') });
    await testInfo.attach('home-1440x900', { body: screenshot, contentType: 'image/png' });
    expect(pageErrors).toEqual([]);
  });

  test('a headline opens its article and 更多 opens the right tab', async ({ page }) => {
    await page.goto('/home');
    const headline = page.getByRole('region', { name: '头条' }).locator('.slick-active a').first();
    const title = (await headline.innerText()).trim();
    await headline.click();
    await expect(page).toHaveURL(/\/informationAndPolicyDetails\?id=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(/免责声明/)).toBeVisible();
    // The breadcrumb leads back to the news list.
    await page
      .getByRole('navigation', { name: '当前位置' })
      .getByRole('link', { name: '政策资讯' })
      .click();
    await expect(page).toHaveURL(/\/informationAndPolicyPage$/);

    await page.goto('/home');
    await page
      .getByRole('region', { name: '政策公示', exact: true })
      .getByRole('link', { name: /更多/ })
      .click();
    await expect(page.getByRole('tab', { name: '政策公示' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('news-list').getByRole('listitem')).toHaveCount(10);
  });

  test('an article is favourited after signing in and appears in 我的资讯', async ({ page }) => {
    const token = await signIn(page);
    const favourites = await apiData<{ list: Card[] }>(
      page,
      '/api/favourites/news?pageSize=50',
      token,
    );
    const policies = await apiData<{ list: Array<{ id: number; title: string }> }>(
      page,
      '/api/news?newsType=1&pageSize=30',
    );
    const article = policies.list.find((item) => !favourites.list.some((f) => f.id === item.id));
    if (!article) throw new Error('every policy article is already a favourite');

    await dropSessionCookies(page);
    await page.goto(`/informationAndPolicyDetails?id=${article.id}`);
    await page.getByRole('button', { name: '收藏' }).click();
    await expect(page.getByRole('dialog', { name: '登录', exact: true })).toBeVisible();

    await signIn(page);
    await page.goto(`/informationAndPolicyDetails?id=${article.id}`);
    await page.getByRole('button', { name: '收藏' }).click();
    await expect(page.getByText('收藏成功')).toBeVisible();
    await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();

    await page.goto('/myFavNews');
    const list = page.getByTestId('favourite-news');
    await expect(list).toContainText(article.title);
    await page.getByRole('tab', { name: '房产资讯' }).click();
    await expect(page.getByText(article.title)).toHaveCount(0);
    await page.getByRole('tab', { name: '政策公示' }).click();
    const row = page
      .getByTestId('favourite-news')
      .getByRole('listitem')
      .filter({ hasText: article.title });
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.locator('.ant-message').getByText('取消收藏', { exact: true })).toBeVisible();
    await expect(page.getByTestId('favourite-news').getByText(article.title)).toHaveCount(0);
  });

  test('the help chat greets after 1 s and answers typed and topic questions', async ({ page }) => {
    await page.goto('/informationAndPolicyPage');
    const launcher = page.getByRole('button', { name: '智能客服' });
    await launcher.click();
    const chat = page.getByRole('dialog', { name: '智能客服' });
    await expect(chat).toBeVisible();
    await expect(chat.getByText('您好,请问需要什么帮助吗？')).toHaveCount(0);
    await expect(chat.getByText('您好,请问需要什么帮助吗？')).toBeVisible({ timeout: 2000 });

    const input = chat.getByRole('textbox', { name: '输入问题' });
    await input.fill('   ');
    await expect(chat.getByRole('button', { name: '发送' })).toBeDisabled();
    await input.fill('x'.repeat(120));
    await expect(input).toHaveValue('x'.repeat(100));
    await input.fill('有什么购房优惠');
    await input.press('Enter');
    await expect(chat.locator('[data-sender="我"]').last()).toContainText('有什么购房优惠');
    await expect(chat.getByText(/住房和城乡建设局官方网站/)).toBeVisible({ timeout: 1500 });

    await chat.getByRole('button', { name: '认证问题' }).click();
    await chat.getByRole('button', { name: '如何进行实名认证？' }).click();
    await expect(chat.locator('[data-sender="客服"]').last()).toContainText('人脸识别');

    await chat.getByRole('button', { name: '关闭智能客服' }).click();
    const box = await launcher.boundingBox();
    if (!box) throw new Error('no launcher');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(-400, -400, { steps: 8 });
    await page.mouse.up();
    const moved = await launcher.boundingBox();
    expect(moved?.x).toBeGreaterThanOrEqual(0);
    expect(moved?.y).toBeGreaterThanOrEqual(0);
    await expect(chat).toBeHidden();
  });

  test('the 推荐楼盘 pop-up opens after login, pages, closes for good and reopens', async ({
    page,
  }) => {
    await signIn(page, { popup: true });
    await page.goto('/home');
    const dialog = page.getByRole('dialog', { name: '推荐楼盘' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('海港区');
    await expect(dialog.getByText(/^1\/\d+$/)).toBeVisible();
    const pages = Number((await dialog.getByText(/^1\/\d+$/).innerText()).split('/')[1]);
    if (pages > 1) {
      await dialog.getByRole('button', { name: '下一页' }).click();
      await expect(dialog.getByText(`2/${pages}`)).toBeVisible();
    }
    await dialog.getByRole('button', { name: /Close|关闭/ }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('portal:popup-open'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('region', { name: '新房推荐' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: '推荐房源' }).click();
    await expect(dialog).toBeVisible();
  });
});
