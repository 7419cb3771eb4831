import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  injectRenderedPage,
  layoutGuardStyle,
  PAGE_CODE_ID,
  PageRenderer,
  pageCodeFileOf,
  type RenderedPage,
  SSR_MARKER,
  encodePage,
  SSR_STATE_ID,
  viewportWidthFor,
} from './page-render';

/** A shell as the web build writes it: the async boot script, the app's code, its style sheet. */
const SHELL = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>房地产交易服务平台</title>
    <script type="module" async crossorigin src="/assets/boot.js"></script>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-react.js">
    <link rel="modulepreload" crossorigin href="/assets/api-client.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  html: '<main><h1>海景花园</h1></main>',
  styles: '<style>.a{color:red}</style>',
  state: { queries: [{ state: { dataUpdatedAt: 1 } }], mutations: [] },
  reads: ['/api/projects/1'],
  ...overrides,
});

/** No sheet text: the sheets stay linked. */
const LINKED = { pageSheets: [], css: new Map() };

describe('a rendered page put into the page shell', () => {
  it('puts the HTML into #root, the answers after it as data, the marker before the boot script and the styles into the head in the browser’s order', () => {
    const html = injectRenderedPage(
      SHELL,
      page(),
      { pageSheets: ['/assets/a.css'], css: new Map() },
      42,
    );
    expect(html).toContain('<div id="root"><main><h1>海景花园</h1></main></div>');
    const marker = html.indexOf(`<meta name="${SSR_MARKER}"`);
    expect(marker).toBeGreaterThan(0);
    expect(marker).toBeLessThan(html.indexOf('/assets/boot.js'));
    // antd's styles, then the app's style sheet (whose overrides win), then the page's sheets.
    const antd = html.indexOf('<style>.a{color:red}</style>');
    const app = html.indexOf('/assets/index.css');
    const pageSheet = html.indexOf('<link rel="stylesheet" crossorigin href="/assets/a.css">');
    expect(antd).toBeGreaterThan(0);
    expect(antd).toBeLessThan(app);
    expect(app).toBeLessThan(pageSheet);
    expect(pageSheet).toBeLessThan(html.indexOf('</head>'));
    const data = new RegExp(
      `<script type="application/json" id="${SSR_STATE_ID}" data-time-zone="[^"]+" data-zone-offsets="\\d+:[-\\d*,]+" data-viewport-width="1440">(.*)</script>`,
    ).exec(html);
    expect(data).not.toBeNull();
    // Dated when served: the answers were just checked against the API.
    expect(JSON.parse(data![1]!)).toEqual({
      queries: [{ state: { dataUpdatedAt: 42 } }],
      mutations: [],
    });
  });

  it('writes the style sheets into the page and leaves the app’s code to the boot script, so the first paint needs nothing but the HTML', () => {
    const css = new Map([
      ['/assets/index.css', 'body{margin:0}'],
      ['/assets/a.css', '.a_x{color:blue}'],
    ]);
    const html = injectRenderedPage(SHELL, page(), { pageSheets: ['/assets/a.css'], css }, 42);
    const app = html.indexOf('<style data-href="/assets/index.css">body{margin:0}</style>');
    const own = html.indexOf('<style data-href="/assets/a.css">.a_x{color:blue}</style>');
    expect(html.indexOf('<style>.a{color:red}</style>')).toBeLessThan(app);
    expect(app).toBeLessThan(own);
    expect(own).toBeLessThan(html.indexOf('</head>'));
    // A disabled link is not fetched; the app's code loader finds it and does not fetch it either.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>');
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*(?<!disabled)>/);
    // The boot script stays and starts the app's code after the first paint.
    expect(html).toContain('<script type="module" async crossorigin src="/assets/boot.js">');
    expect(html).not.toContain('/assets/index.js');
    expect(html).not.toContain('modulepreload');
  });

  it('keeps answers that look like markup or replacement patterns as inert data', () => {
    const hostile = '</script><script>alert(1)</script> $& $1 $`';
    const html = injectRenderedPage(
      SHELL,
      page({
        html: '<p>$& and $1 stay as written</p>',
        state: { queries: [{ state: { dataUpdatedAt: 1 }, title: hostile } as never] },
      }),
      LINKED,
    );
    expect(html).toContain('<p>$& and $1 stay as written</p>');
    expect(html).not.toContain('<script>alert(1)</script>');
    // The data element ends at its own closing tag, and its text is the whole answer again.
    const start = html.indexOf('>', html.indexOf(`id="${SSR_STATE_ID}"`)) + 1;
    const text = html.slice(start, html.indexOf('</script>', start));
    expect(JSON.parse(text).queries[0].title).toBe(hostile);
  });
});

describe('the width a page is drawn for', () => {
  it('is a phone’s for phone browsers, WeChat included, a tablet’s for tablets, else a desktop’s', () => {
    const phones = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 13; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 12; HarmonyOS; ALN-AL00) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN',
    ];
    for (const agent of phones) expect(viewportWidthFor(agent)).toBe(375);
    expect(
      viewportWidthFor(
        'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(800);
    expect(
      viewportWidthFor(
        'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe(800);
    expect(
      viewportWidthFor(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe(1440);
    expect(viewportWidthFor(undefined)).toBe(1440);
  });

  it('is the layout the browser reported in its cookie, whatever its user agent says', () => {
    const desktop =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const phone =
      'Mozilla/5.0 (Linux; Android 13; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36';
    expect(viewportWidthFor(desktop, 'a=1; portal_layout_width=375')).toBe(375);
    expect(viewportWidthFor(phone, 'portal_layout_width=1440')).toBe(1440);
    expect(viewportWidthFor(phone, 'portal_layout_width=800; b=2')).toBe(800);
    // Not one of the three layouts' widths: the user agent decides.
    expect(viewportWidthFor(phone, 'portal_layout_width=1024')).toBe(375);
    expect(viewportWidthFor(desktop, 'other_portal_layout_width=375')).toBe(1440);
  });

  it('hides a page in a window of another layout until it is drawn again', () => {
    expect(layoutGuardStyle(375)).toContain('@media (min-width: 768px)');
    expect(layoutGuardStyle(800)).toContain('@media (max-width: 767.98px), (min-width: 992px)');
    expect(layoutGuardStyle(1440)).toContain('@media (max-width: 991.98px)');
    expect(layoutGuardStyle(375)).toContain(
      'html:not([data-hydrated]) #root { visibility: hidden; }',
    );
  });
});

describe('rendered pages kept and drawn again', () => {
  let dir: string;
  let app: FastifyInstance;
  let answer = '海景花园';
  /** GETs of the project read so far (a read that counts, like a listing's views, counts each). */
  let asked = 0;
  let renderer: PageRenderer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-render-'));
    // A renderer like the web build's: it reads what the page needs through the given API.
    const file = path.join(dir, 'entry-server.mjs');
    writeFileSync(
      file,
      `export async function renderPage(url, fetchApi, viewportWidth) {
        const response = await fetchApi('/api/project' + new URL(url, 'http://x').search);
        const { data } = await response.json();
        return { html: '<h1>' + data.name + '</h1>', styles: '', state: { queries: [] }, reads: ['/api/project' + new URL(url, 'http://x').search], viewportWidth };
      }`,
    );
    const styles = path.join(dir, 'page-styles.json');
    writeFileSync(styles, JSON.stringify({ '/houseHome': ['assets/house-home.css'] }));
    app = Fastify();
    app.get('/api/project', async () => {
      asked += 1;
      return { code: '000000', data: { name: answer } };
    });
    await app.ready();
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'house-home.css'), '.hero{height:40vw}');
    writeFileSync(path.join(dir, 'assets', 'index.css'), 'body{margin:0}');
    renderer = new PageRenderer(app, file, styles, dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reuses a page while its reads answer the same, and draws it again when one changes', async () => {
    expect(renderer.available()).toBe(true);
    const first = await renderer.render('/houseHome?id=1');
    expect(first?.html).toBe('<h1>海景花园</h1>');
    expect(renderer.stats).toMatchObject({ rendered: 1, reused: 0 });

    const again = await renderer.render('/houseHome?id=1');
    expect(again).toBe(first);
    expect(renderer.stats).toMatchObject({ rendered: 1, reused: 1 });

    answer = '海景花园二期';
    const changed = await renderer.render('/houseHome?id=1');
    expect(changed?.html).toBe('<h1>海景花园二期</h1>');
    expect(renderer.stats).toMatchObject({ rendered: 2, reused: 1 });

    // Another address is another page, and so is the same address drawn for a phone.
    await renderer.render('/houseHome?id=2');
    expect(renderer.stats).toMatchObject({ rendered: 3, reused: 1 });
    const phone = await renderer.render('/houseHome?id=1', 375);
    expect(phone?.viewportWidth).toBe(375);
    expect(renderer.stats).toMatchObject({ rendered: 4, reused: 1 });
    expect(injectRenderedPage(SHELL, phone!, LINKED)).toContain('data-viewport-width="375"');
  });

  it('asks each read once a visit, whether the page is kept or drawn again from its new answer', async () => {
    const before = asked;
    await renderer.render('/houseHome?id=3'); // drawn
    await renderer.render('/houseHome?id=3'); // kept: checked
    answer = '海景花园三期';
    const changed = await renderer.render('/houseHome?id=3'); // checked, then drawn from that answer
    expect(changed?.html).toBe('<h1>海景花园三期</h1>');
    expect(asked - before).toBe(3);
  });

  it('gives the texts of the shell’s and the page’s style sheets, of the build’s files only', async () => {
    const shell = SHELL.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/../secret.css"></head>',
    );
    const styles = await renderer.stylesOf('/houseHome', shell);
    expect(styles.pageSheets).toEqual(['/assets/house-home.css']);
    expect([...styles.css]).toEqual([
      ['/assets/index.css', 'body{margin:0}'],
      ['/assets/house-home.css', '.hero{height:40vw}'],
    ]);
    expect((await renderer.stylesOf('/tool', SHELL)).pageSheets).toEqual([]);
  });

  it('names a page’s own code from the build’s list, in the head before the boot script', async () => {
    // No list in the build: the page goes without, and React loads its code when it takes over.
    expect((await renderer.stylesOf('/houseHome', SHELL)).code).toBeUndefined();
    const code = { code: 'assets/house-home.js', deps: ['assets/gallery.js'] };
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(
      pageCodeFileOf(dir),
      JSON.stringify({ '/houseHome': code, '/tool': { code: 1 } }),
    );
    const styles = await renderer.stylesOf('/houseHome', SHELL);
    expect(styles.code).toEqual(code);
    expect((await renderer.stylesOf('/tool', SHELL)).code).toBeUndefined();
    const html = injectRenderedPage(SHELL, page(), styles);
    const named = new RegExp(
      `<script type="application/json" id="${PAGE_CODE_ID}">(.*?)</script>`,
    ).exec(html);
    expect(JSON.parse(named![1]!)).toEqual(code);
    expect(named!.index).toBeLessThan(html.indexOf('<title>'));
    expect(named!.index).toBeLessThan(html.indexOf('/assets/boot.js'));
  });
});

describe('a rendered page on the wire', () => {
  const html = injectRenderedPage(
    SHELL,
    page({ html: '<main>海景花园</main>'.repeat(500) }),
    LINKED,
  );

  it('goes as Brotli, else gzip, else as it is, by what the browser accepts', () => {
    const br = encodePage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(html) / 5);

    const gzip = encodePage(html, 'gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(html);

    const plain = encodePage(html, undefined);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(html);
  });
});
