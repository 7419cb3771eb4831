import { expect, type APIRequestContext, test } from '@playwright/test';
import { firstInSitemap } from './site-routes';

interface SiteSettings {
  title: string;
  cityName: string;
  authority: string;
  icp: string;
  icpLink: string;
  psbNumber: string;
  psbLink: string;
  hotline: string;
}

const SITE = '秦皇岛市房地产交易服务平台';

async function readSettings(request: APIRequestContext): Promise<SiteSettings> {
  const response = await request.get('/api/site/settings');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: SiteSettings }).data;
}

/** The page as a crawler or WeChat fetches it: no JavaScript, just the page shell's head. */
async function shellHead(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  const html = await response.text();
  const decode = (text: string | undefined) =>
    text
      ?.replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const one = (pattern: RegExp) => decode(pattern.exec(html)?.[1]);
  return {
    status: response.status(),
    title: one(/<title>([^<]*)<\/title>/),
    description: one(/<meta name="description" content="([^"]*)"/),
    canonical: one(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: one(/<meta property="og:title" content="([^"]*)"/),
    ogImage: one(/<meta property="og:image" content="([^"]*)"/),
    jsonLd: one(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/),
  };
}

test.describe('site identity and share tags', () => {
  test('the header and footer name the city, the authority, the hotline and both filings', async ({
    page,
    request,
  }) => {
    const settings = await readSettings(request);
    expect(settings.cityName).toBe('秦皇岛市');
    await page.goto('/home');
    await expect(page).toHaveTitle(SITE);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText(SITE);
    await expect(banner).toContainText(`主办单位：${settings.authority}`);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`主办单位：${settings.authority}`);
    await expect(footer.getByRole('link', { name: settings.icp })).toHaveAttribute(
      'href',
      settings.icpLink,
    );
    await expect(footer.getByRole('link', { name: settings.icp })).toHaveAttribute(
      'href',
      /^https:\/\/beian\.miit\.gov\.cn\//,
    );
    await expect(footer.getByRole('link', { name: settings.psbNumber })).toHaveAttribute(
      'href',
      settings.psbLink,
    );
    await expect(footer.getByRole('link', { name: settings.hotline })).toHaveAttribute(
      'href',
      `tel:${settings.hotline.replace(/[^0-9+]/g, '')}`,
    );
  });

  test('a shared project, listing and article carry their own title, summary and picture', async ({
    request,
    baseURL,
  }) => {
    const projectUrl = await firstInSitemap(request, '/houseHome');
    const project = await shellHead(request, projectUrl);
    expect(project.status).toBe(200);
    expect(project.title).toMatch(new RegExp(`^.+-新房-${SITE}$`));
    expect(project.ogTitle).toBe(project.title);
    expect(project.description?.length).toBeGreaterThan(10);
    expect(project.canonical).toMatch(/\/houseHome\?id=\d+$/);
    expect(project.ogImage).toMatch(/^https?:\/\/.+\/oss\/app\//);
    expect(JSON.parse(project.jsonLd ?? '{}')).toMatchObject({ '@type': 'Product' });
    // The picture a share card shows is really there.
    const picture = await request.get(new URL(project.ogImage!).pathname);
    expect(picture.ok()).toBe(true);

    const listing = await shellHead(request, await firstInSitemap(request, '/detailscs'));
    expect(listing.title).toMatch(new RegExp(`^.+-二手房-${SITE}$`));
    const article = await shellHead(
      request,
      await firstInSitemap(request, '/informationAndPolicyDetails'),
    );
    expect(article.title).toMatch(new RegExp(`^.+-政策资讯-${SITE}$`));
    expect(JSON.parse(article.jsonLd ?? '{}')).toMatchObject({ '@type': 'NewsArticle' });
    expect(baseURL).toBeTruthy();
  });

  test('client-side navigation shows the same titles the server writes', async ({
    page,
    request,
  }) => {
    await page.goto('/newHouse');
    await expect(page).toHaveTitle(`新房-${SITE}`);
    const card = page.locator('main a[href*="houseHome?id="]').first();
    await card.click();
    await expect(page).toHaveURL(/\/houseHome\?id=\d+/);
    const url = new URL(page.url());
    const server = await shellHead(request, url.pathname + url.search);
    await expect(page).toHaveTitle(server.title!);
    expect(server.title).toMatch(new RegExp(`-新房-${SITE}$`));
    // Other project tabs keep the project's name; the layout never replaces it with the site name.
    await page.getByRole('link', { name: '楼盘详情' }).first().click();
    await expect(page).toHaveURL(/\/houseDetails\?id=\d+/);
    await expect(page).toHaveTitle(new RegExp(`^.+-楼盘详情-新房-${SITE}$`));
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveTitle(`新房-${SITE}`);
  });
});
