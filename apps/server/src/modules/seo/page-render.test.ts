import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  injectRenderedPage,
  PageRenderer,
  type RenderedPage,
  SSR_MARKER,
  SSR_STATE_ID,
} from './page-render';

const SHELL = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>房地产交易服务平台</title>
    <script type="module" src="/boot.js"></script>
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

describe('a rendered page put into the page shell', () => {
  it('puts the HTML into #root, the answers after it as data, the marker before the boot script and the styles into the head', () => {
    const html = injectRenderedPage(SHELL, page(), '<link rel="stylesheet" href="/a.css">', 42);
    expect(html).toContain('<div id="root"><main><h1>海景花园</h1></main></div>');
    const marker = html.indexOf(`<meta name="${SSR_MARKER}"`);
    expect(marker).toBeGreaterThan(0);
    expect(marker).toBeLessThan(html.indexOf('/boot.js'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/a.css">');
    expect(head).toContain('<style>.a{color:red}</style>');
    const data = new RegExp(
      `<script type="application/json" id="${SSR_STATE_ID}" data-time-zone="[^"]+">(.*)</script>`,
    ).exec(html);
    expect(data).not.toBeNull();
    // Dated when served: the answers were just checked against the API.
    expect(JSON.parse(data![1]!)).toEqual({
      queries: [{ state: { dataUpdatedAt: 42 } }],
      mutations: [],
    });
  });

  it('keeps answers that look like markup or replacement patterns as inert data', () => {
    const hostile = '</script><script>alert(1)</script> $& $1 $`';
    const html = injectRenderedPage(
      SHELL,
      page({
        html: '<p>$& and $1 stay as written</p>',
        state: { queries: [{ state: { dataUpdatedAt: 1 }, title: hostile } as never] },
      }),
      '',
    );
    expect(html).toContain('<p>$& and $1 stay as written</p>');
    expect(html).not.toContain('<script>alert(1)</script>');
    // The data element ends at its own closing tag, and its text is the whole answer again.
    const start = html.indexOf('>', html.indexOf(`id="${SSR_STATE_ID}"`)) + 1;
    const text = html.slice(start, html.indexOf('</script>', start));
    expect(JSON.parse(text).queries[0].title).toBe(hostile);
  });
});

describe('rendered pages kept and drawn again', () => {
  let dir: string;
  let app: FastifyInstance;
  let answer = '海景花园';
  let renderer: PageRenderer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-render-'));
    // A renderer like the web build's: it reads what the page needs through the given API.
    const file = path.join(dir, 'entry-server.mjs');
    writeFileSync(
      file,
      `export async function renderPage(url, fetchApi) {
        const response = await fetchApi('/api/project' + new URL(url, 'http://x').search);
        const { data } = await response.json();
        return { html: '<h1>' + data.name + '</h1>', styles: '', state: { queries: [] }, reads: ['/api/project' + new URL(url, 'http://x').search] };
      }`,
    );
    const styles = path.join(dir, 'page-styles.json');
    writeFileSync(styles, JSON.stringify({ '/houseHome': ['assets/house-home.css'] }));
    app = Fastify();
    app.get('/api/project', async () => ({ code: '000000', data: { name: answer } }));
    await app.ready();
    renderer = new PageRenderer(app, file, styles);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reuses a page while its reads answer the same, and draws it again when one changes', async () => {
    expect(renderer.available()).toBe(true);
    const first = await renderer.render('/houseHome?id=1');
    expect(first.html).toBe('<h1>海景花园</h1>');
    expect(renderer.stats).toEqual({ rendered: 1, reused: 0 });

    const again = await renderer.render('/houseHome?id=1');
    expect(again).toBe(first);
    expect(renderer.stats).toEqual({ rendered: 1, reused: 1 });

    answer = '海景花园二期';
    const changed = await renderer.render('/houseHome?id=1');
    expect(changed.html).toBe('<h1>海景花园二期</h1>');
    expect(renderer.stats).toEqual({ rendered: 2, reused: 1 });

    // Another address is another page.
    await renderer.render('/houseHome?id=2');
    expect(renderer.stats).toEqual({ rendered: 3, reused: 1 });
  });

  it('links the style sheets the web build lists for the page', async () => {
    expect(await renderer.styleLinksOf('/houseHome')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/house-home.css">',
    );
    expect(await renderer.styleLinksOf('/tool')).toBe('');
  });
});
