import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { firstInSitemap } from './site-routes';

/**
 * Public pages drawn by the server (docs/decisions/0048-server-rendered-public-pages.md): a
 * crawler without JavaScript finds the page's content in the first HTML, next to its head; a
 * browser takes the page over without a console error and without asking the API again for
 * what the page already carries.
 */

/** Text of HTML: tags dropped, the entities the renderer writes decoded, spaces folded. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

interface CrawledPage {
  status: number;
  title: string;
  description: string;
  canonical: string;
  ogTitle: string;
  /** Text of what `<div id="root">` holds in the first HTML. */
  body: string;
  hasState: boolean;
  jsonLd: Record<string, unknown> | null;
}

/** The page as a crawler fetches it: one GET, no JavaScript. */
async function crawl(request: APIRequestContext, url: string): Promise<CrawledPage> {
  const response = await request.get(url);
  const html = await response.text();
  const one = (pattern: RegExp) => textOf(pattern.exec(html)?.[1] ?? '').trim();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html);
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    status: response.status(),
    title: one(/<title>([^<]*)<\/title>/),
    description: one(/<meta name="description" content="([^"]*)"/),
    canonical: one(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: one(/<meta property="og:title" content="([^"]*)"/),
    body: textOf(root?.[1] ?? ''),
    hasState: html.includes('<script type="application/json" id="portal-ssr-state" '),
    jsonLd: jsonLd ? (JSON.parse(jsonLd) as Record<string, unknown>) : null,
  };
}

/**
 * Opens `url` and reports the console errors, page errors and API reads made while the page
 * loads and settles.
 */
async function openAndWatch(page: Page, url: string) {
  const errors: string[] = [];
  const reads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) reads.push(`${request.method()} ${pathname}${search}`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return { errors, reads };
}

const SITE = '秦皇岛市房地产交易服务平台';

/** A phone's window and touch screen (its user agent is each test's own). */
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } as const;

/** A phone browser (the server draws the phone layout for it). */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 13; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36';

test.describe('server-rendered public pages', () => {
  test('a crawler finds the home page, a project, a listing and an article in the first HTML', async ({
    request,
  }) => {
    const home = await crawl(request, '/home');
    expect(home.status).toBe(200);
    expect(home.hasState).toBe(true);
    expect(home.title).toBe(SITE);
    expect(home.body).toContain('新房');
    expect(home.body).toContain('资讯');

    const projectUrl = await firstInSitemap(request, '/houseHome');
    const project = await crawl(request, projectUrl);
    const projectName = String(project.jsonLd?.name);
    expect(project.status).toBe(200);
    expect(project.hasState).toBe(true);
    expect(project.title).toBe(`${projectName}-新房-${SITE}`);
    expect(project.canonical).toMatch(/\/houseHome\?id=\d+$/);
    expect(project.ogTitle).toContain(projectName);
    expect(project.body).toContain(projectName);
    const price = /均价([\d,]+)元/.exec(project.description)?.[1];
    expect(price, 'the description names the average price').toBeTruthy();
    expect(project.body).toContain(price!);

    const listingUrl = await firstInSitemap(request, '/detailscs');
    const listing = await crawl(request, listingUrl);
    expect(listing.status).toBe(200);
    expect(listing.hasState).toBe(true);
    expect(listing.body).toContain(String(listing.jsonLd?.name));
    const total = /售价([\d.]+)万元/.exec(listing.description)?.[1];
    expect(total, 'the description names the price').toBeTruthy();
    expect(listing.body).toContain(total!);

    const articleUrl = await firstInSitemap(request, '/informationAndPolicyDetails');
    const article = await crawl(request, articleUrl);
    expect(article.status).toBe(200);
    expect(article.hasState).toBe(true);
    expect(article.body).toContain(String(article.jsonLd?.headline));
    // The article's text itself, not only its title: the description is its beginning.
    expect(article.body).toContain(article.description.replace(/…$/, '').slice(0, 20));
  });

  test('the other public pages come drawn too; a missing record and a personal page do not', async ({
    request,
  }) => {
    const projectUrl = await firstInSitemap(request, '/houseHome');
    const id = new URL(projectUrl, 'http://x').searchParams.get('id');
    const pages: [string, string][] = [
      ['/newHouse', '楼盘'],
      [`/houseDetails?id=${id}`, '楼盘详情'],
      [`/houses?id=${id}`, '楼盘表'],
      [`/houseType?id=${id}`, '户型'],
      ['/secondhandhouse', '二手房'],
      ['/informationAndPolicyPage', '资讯'],
      ['/licensedemand', '预售'],
      ['/dataanalysis', '成交'],
      ['/tool', '计算'],
      ['/about', '关于'],
      ['/agreement', '协议'],
    ];
    for (const [url, words] of pages) {
      const page = await crawl(request, url);
      expect(page.status, url).toBe(200);
      expect(page.hasState, url).toBe(true);
      expect(page.body, url).toContain(words);
    }
    const missing = await request.get('/houseHome?id=999999');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).not.toContain('portal-ssr-state');
    const personal = await request.get('/myOrder');
    expect(await personal.text()).toContain('<div id="root"></div>');
  });

  test('a desktop gets /tool’s calculator drawn as it will stay: labels beside the fields', async ({
    request,
  }) => {
    // The form's layout follows the width the page is drawn for, not the component library's
    // breakpoints, which the server does not know: it must not jump after the take-over.
    const html = await (await request.get('/tool?tab=1')).text();
    expect(html).toMatch(/<form[^>]*class="[^"]*ant-form-horizontal/);
    expect(html).not.toMatch(/<form[^>]*class="[^"]*ant-form-vertical/);
  });

  test('the browser takes the pages over without errors and without reading again', async ({
    baseURL,
    browser,
    page: readerPage,
    request,
  }) => {
    // In the server's time zone the page is hydrated; in another (the configured browser's,
    // unless the server runs in it too) it is drawn afresh from the same answers.
    const html = await (await request.get('/home')).text();
    const serverZone = /data-time-zone="([^"]+)"/.exec(html)?.[1];
    expect(serverZone).toBeTruthy();
    const sameZone = await browser.newContext({
      baseURL,
      timezoneId: serverZone,
      locale: 'zh-CN',
    });
    const addresses = [
      '/home',
      await firstInSitemap(request, '/houseHome'),
      await firstInSitemap(request, '/detailscs'),
      await firstInSitemap(request, '/informationAndPolicyDetails'),
      '/secondhandhouse',
      '/informationAndPolicyPage',
      '/tool',
    ];
    // What React throws away of the server's HTML once it has been parsed: a section the
    // browser drew again, e.g. because the page was drawn anew while that section's code was
    // still loading (docs/decisions/0070-nothing-redraws-a-page-while-it-is-taken-over.md).
    await sameZone.addInitScript(() => {
      const drawn = new WeakSet<Node>();
      const dropped: Element[] = [];
      Object.assign(window, { droppedByHydration: dropped });
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of Array.from(document.querySelectorAll('#root *'))) drawn.add(element);
      });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.removedNodes))
            if (node instanceof Element && drawn.has(node) && node.querySelector('* * *'))
              dropped.push(node);
      }).observe(document, { subtree: true, childList: true });
    });
    const sameZonePage = await sameZone.newPage();
    for (const [page, url] of [
      ...addresses.map((url) => [readerPage, url] as const),
      ...addresses.map((url) => [sameZonePage, url] as const),
    ]) {
      const { errors, reads } = await openAndWatch(page, url);
      expect(errors, url).toEqual([]);
      // The page's own answers came with it. Not reads of them: the QR pictures the server
      // draws (a listing's check code, a page's 掌上服务 code), the building table's live event
      // stream (it pushes later changes), and the live rooms of a project's building excerpt,
      // read again once that stream is connected so that no room change between the drawing
      // and the connection is missed; and the site's
      // services (the real-visit figures' sample rate), asked once the page is idle. Nor the
      // project page's view report, a write the server counts once a day per visitor.
      expect(
        reads.filter(
          (read) =>
            !/\/qr\.png$|^GET \/api\/site\/qr\.svg\?|\/events$|\/building-excerpt(\?|$)|^GET \/api\/site\/services$|^POST \/api\/activity\/view$/.test(
              read,
            ),
        ),
        url,
      ).toEqual([]);
      await expect(page.locator('#root')).not.toBeEmpty();
      if (page === sameZonePage) {
        const dropped = await page.evaluate(() =>
          (window as unknown as { droppedByHydration: Element[] }).droppedByHydration
            .filter((element) => !element.isConnected)
            .map((element) => element.outerHTML.slice(0, 120)),
        );
        expect(dropped, `${url}: server-drawn sections drawn again`).toEqual([]);
        // The browser's components get the ids the server gave them, so antd finds its styles
        // under the server's key and makes none of its components' styles again
        // (docs/decisions/0084-no-long-task-in-the-take-over.md).
        const styleKeys = await page.evaluate(() => [
          ...new Set([
            ...Array.from(document.querySelectorAll('style[data-token-hash]'), (style) =>
              style.getAttribute('data-token-hash'),
            ),
            ...Array.from(
              document.querySelectorAll('[class*="css-var-"]'),
              (element) => /\b(css-var-\S+)/.exec(element.getAttribute('class') ?? '')?.[1],
            ),
          ]),
        ]);
        expect(styleKeys, `${url}: antd's style keys`).toHaveLength(1);
      }
    }
    await sameZone.close();
  });

  test('a phone paints the page from its HTML alone, and fetches the app’s code once it is parsed', async ({
    browser,
    baseURL,
    request,
  }) => {
    // docs/decisions/0050-first-paint-before-code.md
    const phone = await browser.newContext({ baseURL, ...PHONE, userAgent: PHONE_AGENT });
    const page = await phone.newPage();
    const addresses = ['/home', await firstInSitemap(request, '/houseHome')];
    for (const url of addresses) {
      await page.goto(url);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      const timing = await page.evaluate(() => ({
        parsed: performance.getEntriesByType('navigation')[0]!.toJSON().domContentLoadedEventStart,
        assets: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
        sheets: Array.from(document.querySelectorAll('head style[data-href]'), (style) =>
          style.getAttribute('data-href'),
        ),
      }));
      // The app's sheet and the page's own are in the page and never fetched.
      expect(timing.sheets.length, url).toBeGreaterThan(1);
      const fetched = new Set(timing.assets.map((asset) => asset.path));
      expect(
        timing.sheets.filter((sheet) => fetched.has(sheet!)),
        url,
      ).toEqual([]);
      // Only the boot script is fetched while the page is parsed; the app's code after that.
      const early = timing.assets.filter(
        (asset) => asset.start < timing.parsed && !/\/boot-[\w-]+\.js$/.test(asset.path),
      );
      expect(early, url).toEqual([]);
      expect(
        [...fetched].some((path) => /\/index-[\w-]+\.js$/.test(path)),
        url,
      ).toBe(true);
    }

    // With no code at all the page still paints, styled: the phone's first screen as drawn.
    // (Left first: the last page may still be fetching a part it loads when idle, and a part
    // that fails to load reloads its page, which would cut the next visit short.)
    await page.goto('about:blank');
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    for (const url of addresses) {
      await page.goto(url);
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
        )
        .toBe(1);
      await expect(page.locator('#root header').first()).toBeVisible();
      // The app's sheet applies (global.css: the page's background), not the browser's defaults.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), url).toBe(
        'rgb(242, 244, 247)',
      );
    }
    await phone.close();
  });

  test('a rendered page names its own code, and the boot script starts it without waiting for the app', async ({
    browser,
    baseURL,
  }) => {
    // docs/decisions/0079-the-take-over-without-a-time-zone-name.md: the boot script carries the
    // code of the early-read pages only; /secondhandhouse's it learns from the page.
    const phone = await browser.newContext({ baseURL, ...PHONE, userAgent: PHONE_AGENT });
    const page = await phone.newPage();
    // Without the app's entry nothing but the boot script can ask for the page's code.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    await page.goto('/secondhandhouse');
    const named = JSON.parse((await page.locator('#portal-page-code').textContent()) ?? 'null') as {
      code: string;
      deps: string[];
    };
    const wanted = [named.code, ...named.deps.filter((file) => file.endsWith('.js'))];
    expect(wanted.length).toBeGreaterThan(5);
    await expect.poll(() => wanted.filter((file) => !requested.has(`/${file}`))).toEqual([]);
    await phone.close();
  });

  test('a phone sending a desktop user agent never shows the desktop layout, and is drawn for its width', async ({
    browser,
    baseURL,
  }) => {
    // docs/decisions/0059-layout-guess.md
    const phone = await browser.newContext({
      baseURL,
      ...PHONE,
      timezoneId: 'Asia/Shanghai',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    });
    const page = await phone.newPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    // Whether the page's root was ever shown while drawn for a layout other than the window's.
    await page.addInitScript(() => {
      const check = () => {
        // Until the app has drawn the page: what shows then is drawn for the window.
        if (document.documentElement?.hasAttribute('data-hydrated')) return;
        const meta = document.querySelector('meta[name="portal-rendered"]');
        const root = document.getElementById('root');
        if (meta && root?.firstElementChild && getComputedStyle(root).visibility === 'visible') {
          const width = Number(meta.getAttribute('data-viewport-width'));
          if (width >= 768) (window as { shownWrong?: boolean }).shownWrong = true;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.goto('/newHouse');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    // Drawn for a desktop (the user agent's guess), never shown so, drawn afresh for the phone
    // (the compact header's 菜单).
    await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
    expect(
      await page.evaluate(() => document.getElementById('portal-ssr-state')?.dataset.viewportWidth),
    ).toBe('1440');
    expect((await phone.cookies()).find((c) => c.name === 'portal_layout_width')?.value).toBe(
      '375',
    );
    expect(await page.evaluate(() => (window as { shownWrong?: boolean }).shownWrong)).toBeFalsy();
    // The next page is drawn for the phone at once.
    documents.length = 0;
    await page.goto('/home');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    expect(documents).toEqual(['/home']);
    expect(
      await page.evaluate(() => document.getElementById('portal-ssr-state')?.dataset.viewportWidth),
    ).toBe('375');
    await phone.close();
  });

  test('a signed-in visitor gets the page drawn in the browser', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'portal_csrf', value: 'x', url: baseURL! }]);
    const response = await context.request.get('/home');
    expect(await response.text()).toContain('<div id="root"></div>');
    await context.close();
  });
});
