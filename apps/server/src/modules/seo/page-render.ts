import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGES, RECORD_PAGES } from './app-pages';
import { escapeHtml, scriptSafeJson } from './page-meta';

/*
 * Server rendering of the public pages (docs/decisions/0048-server-rendered-public-pages.md):
 * the web app's renderer (`apps/web/src/entry-server.tsx`, built into `dist-ssr` beside the web
 * build) draws the page with its API reads answered by this server's own routes, and the page
 * handler puts the HTML, antd's styles and the answers into the page shell.
 */

/** Pages the server renders for visitors who are not signed in. */
export const SERVER_RENDERED_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/home',
  '/newHouse',
  '/houseHome',
  '/houseDetails',
  '/houses',
  '/houseType',
  '/houseTypeDetails',
  '/housePhoto',
  '/houseDynamic',
  '/secondhandhouse',
  '/detailscs',
  '/detailscz',
  '/informationAndPolicyPage',
  '/informationAndPolicyDetails',
  '/licensedemand',
  '/fundsupervision',
  '/yszjpage',
  '/spfqypage',
  '/dataanalysis',
  '/tool',
  '/about',
  '/agreement',
]);

// Every server-rendered page is a public page of the route table.
for (const page of SERVER_RENDERED_PAGES) {
  if (!(PUBLIC_PAGES as readonly string[]).includes(page) && !(page in RECORD_PAGES)) {
    throw new Error(`server-rendered page ${page} is not a public page`);
  }
}

/** The id of the element holding the answers (the web app's `lib/ssr-state.ts`). */
export const SSR_STATE_ID = 'portal-ssr-state';

/** The head meta telling the boot script that the page was rendered on the server. */
export const SSR_MARKER = 'portal-rendered';

/** What the renderer gives back for one page (`RenderedPage` of `entry-server.tsx`). */
export interface RenderedPage {
  html: string;
  styles: string;
  state: { queries?: { state: { dataUpdatedAt: number } }[] } & Record<string, unknown>;
  reads: string[];
  /** The window width (px) the page was drawn for. */
  viewportWidth?: number;
}

interface Renderer {
  renderPage(
    url: string,
    fetchApi: (url: string) => Promise<Response>,
    viewportWidth: number,
  ): Promise<RenderedPage>;
}

/**
 * The window width a page is drawn for, guessed from the reader's browser: a phone's (375 px), a
 * tablet's (800 px: the compact header, the wide page layouts) or a desktop's (1440 px). The
 * browser hydrates with the same width and then follows its real one, so a phone reader gets
 * the phone layout in the first HTML instead of a jump from the desktop one.
 */
export function viewportWidthFor(userAgent: string | undefined): number {
  const agent = userAgent ?? '';
  if (/iPad|Tablet/i.test(agent)) return 800;
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(agent)) return 375;
  if (/Android/i.test(agent)) return 800;
  return 1440;
}

/** Rendered pages kept, by address; the oldest go first beyond this. */
const PAGE_CACHE_SIZE = 500;

interface CachedPage {
  page: RenderedPage;
  /** The distinct reads the page was drawn from, and a hash of their answers. */
  reads: string[];
  answers: string;
}

/** The style sheets of each page beyond index.html's, written by the web build (`build/page-styles.ts`). */
export function pageStylesFileOf(webDist: string): string {
  return path.join(webDist, '.vite', 'page-styles.json');
}

/** The renderer's file for a web build in `webDist`: `dist-ssr/entry-server.js` beside it. */
export function rendererFileOf(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
}

/**
 * Renders pages and keeps them. A kept page is used again only when every read it was drawn from
 * answers the same now (asked of the server's own routes, so through the same read caches and
 * their invalidation as any visitor's request): a page is never older than its data.
 */
export class PageRenderer {
  private renderer: Promise<Renderer> | undefined;
  private readonly pages = new Map<string, CachedPage>();
  readonly stats = { rendered: 0, reused: 0 };

  private styleSheets: { mtimeMs: number; byPage: Record<string, string[]> } | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly file: string,
    private readonly stylesFile: string,
  ) {}

  /**
   * The `<link rel="stylesheet">` elements of the page `page` (a route-table path): its CSS
   * modules' sheets, so the server's HTML is styled before the page's code arrives. Read again
   * when a build changes the list.
   */
  async styleLinksOf(page: string): Promise<string> {
    const { mtimeMs } = await stat(this.stylesFile);
    if (this.styleSheets?.mtimeMs !== mtimeMs) {
      const byPage = JSON.parse(await readFile(this.stylesFile, 'utf8')) as Record<
        string,
        string[]
      >;
      this.styleSheets = { mtimeMs, byPage };
    }
    return (this.styleSheets.byPage[page] ?? [])
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('\n    ');
  }

  /** Whether a renderer was built (`npm run build` builds it with the web app). */
  available(): boolean {
    return existsSync(this.file) && existsSync(this.stylesFile);
  }

  /**
   * The renderer module, loaded once per process: its page chunks import it by its plain file
   * address, so a second copy (of a later build) would not share React and the providers with
   * them. A new build takes effect on restart, like the compiled server itself.
   */
  private load(): Promise<Renderer> {
    this.renderer ??= import(pathToFileURL(this.file).href) as Promise<Renderer>;
    return this.renderer;
  }

  /** A GET of the server's own API, as a signed-out visitor. */
  private async fetchApi(url: string): Promise<{ response: Response; body: string }> {
    const answer = await this.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const contentType = String(answer.headers['content-type'] ?? 'application/json');
    return {
      body: answer.body,
      response: new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': contentType },
      }),
    };
  }

  private async answersOf(reads: string[]): Promise<string> {
    const answers = await Promise.all(reads.map((read) => this.fetchApi(read)));
    const hash = createHash('sha1');
    answers.forEach(({ response, body }, index) =>
      hash.update(`${reads[index]}\n${response.status}\n${body}\n`),
    );
    return hash.digest('base64url');
  }

  /**
   * The page at `url` (path and query) for a window `viewportWidth` px wide, drawn now or kept
   * from an identical earlier drawing.
   */
  async render(url: string, viewportWidth = 1440): Promise<RenderedPage> {
    const renderer = await this.load();
    const key = `${viewportWidth} ${url}`;
    const kept = this.pages.get(key);
    if (kept && (await this.answersOf(kept.reads)) === kept.answers) {
      this.stats.reused += 1;
      return kept.page;
    }
    const bodies = new Map<string, string>();
    const page = await renderer.renderPage(
      url,
      async (read) => {
        const { response, body } = await this.fetchApi(read);
        bodies.set(read, `${read}\n${response.status}\n${body}\n`);
        return response;
      },
      viewportWidth,
    );
    this.stats.rendered += 1;
    const reads = [...new Set(page.reads)];
    const hash = createHash('sha1');
    for (const read of reads) hash.update(bodies.get(read) ?? '');
    if (this.pages.size >= PAGE_CACHE_SIZE) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, { page, reads, answers: hash.digest('base64url') });
    return page;
  }
}

/**
 * The page shell with the rendered page in it: antd's styles before the app's style sheets, the
 * page's own sheets at the end of the head, the HTML inside
 * `<div id="root">` and the answers after it as JSON data (not a script: the CSP needs no
 * exception). The answers are dated now: they were just checked against the API.
 */
export function injectRenderedPage(
  shell: string,
  page: RenderedPage,
  styleLinks: string,
  now = Date.now(),
): string {
  const state = {
    ...page.state,
    queries: (page.state.queries ?? []).map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
  // Dates are drawn in the renderer's time zone; the browser hydrates only in the same one.
  const zone = escapeHtml(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const width = Number(page.viewportWidth ?? 1440);
  const data = `<script type="application/json" id="${SSR_STATE_ID}" data-time-zone="${zone}" data-viewport-width="${width}">${scriptSafeJson(state)}</script>`;
  const withRoot = shell.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${page.html}</div>\n    ${data}`,
  );
  // The marker comes before the boot script (right after the title), which then starts no reads
  // of its own: their answers are in the page.
  const marked = withRoot.replace(
    /<title>/i,
    (title) => `<meta name="${SSR_MARKER}" content="server" />\n    ${title}`,
  );
  // antd's styles go before the app's own style sheets, as antd puts them in the browser, so
  // that the app's overrides (global.css: the tags' contrast) win in the same way.
  const firstSheet = marked.search(/<link rel="stylesheet"/i);
  const withStyles =
    firstSheet >= 0
      ? `${marked.slice(0, firstSheet)}${page.styles}\n    ${marked.slice(firstSheet)}`
      : marked.replace(/<\/head>/i, () => `${page.styles}\n  </head>`);
  return withStyles.replace(/<\/head>/i, () => `${styleLinks}\n  </head>`);
}

/**
 * A rendered page as the browser accepts it: Brotli (quality 5, a few milliseconds for the
 * largest page), else gzip, else as it is. A project page is ~150 KB of HTML and ~20 KB
 * compressed, most of a phone's first second on a slow network. Behind nginx (deploy/nginx) the
 * page arrives encoded and is passed on as it is.
 */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  const raw = Buffer.from(html, 'utf8');
  if (/\bbr\b/.test(accepted)) {
    return {
      body: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  }
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(raw), encoding: 'gzip' };
  return { body: raw };
}
