import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LAYOUT_WIDTHS, layoutWidthFromCookie } from '@portal/shared/constants/viewport';
import { isPageCode, type PageCode } from '@portal/shared/page-code';
import { PAGES, SERVER_RENDERED_PAGE_IDS } from '@portal/shared/pages';
import { zoneOffsets } from '@portal/shared/zone-offsets';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, scriptSafeJson } from './page-meta';
import { RenderThreads } from './render-threads';

/*
 * Server rendering of the public pages (docs/decisions/0048-server-rendered-public-pages.md):
 * the web app's renderer (`apps/web/src/entry-server.tsx`, built into `dist-ssr` beside the web
 * build) draws the page with its API reads answered by this server's own routes, and the page
 * handler puts the HTML, antd's styles and the answers into the page shell.
 */

/**
 * Pages the server renders for visitors who are not signed in: those of the page table's
 * `SERVER_RENDERED_PAGE_IDS`, which it allows only among public and record pages.
 */
export const SERVER_RENDERED_PAGES: ReadonlySet<string> = new Set(
  SERVER_RENDERED_PAGE_IDS.map((id) => PAGES[id].path),
);

/** The id of the element holding the answers (the web app's `lib/ssr-state.ts`). */
export const SSR_STATE_ID = 'portal-ssr-state';

/** The head meta telling the boot script that the page was rendered on the server. */
export const SSR_MARKER = 'portal-rendered';

/** The id of the JSON data naming a rendered page's own code (the web app's `PAGE_CODE_ID`). */
export const PAGE_CODE_ID = 'portal-page-code';

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
 * The window width a page is drawn for. The layout the reader's browser reported in its cookie
 * (set by the boot script from the real window, docs/decisions/0059-layout-guess.md) comes first;
 * without it, a guess from the user agent: a phone's (375 px), a tablet's (800 px: the compact
 * header, the wide page layouts) or a desktop's (1440 px). The browser hydrates with the same
 * width, so a phone reader gets the phone layout in the first HTML instead of a jump from the
 * desktop one.
 */
export function viewportWidthFor(userAgent: string | undefined, cookieHeader?: string): number {
  const reported = layoutWidthFromCookie(cookieHeader);
  if (reported !== null) return reported;
  const agent = userAgent ?? '';
  if (/iPad|Tablet/i.test(agent)) return LAYOUT_WIDTHS.tablet;
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(agent)) return LAYOUT_WIDTHS.phone;
  if (/Android/i.test(agent)) return LAYOUT_WIDTHS.tablet;
  return LAYOUT_WIDTHS.desktop;
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

/** The code of each page, written by the web build (`build/boot-script.ts`). */
export function pageCodeFileOf(webDist: string): string {
  return path.join(webDist, '.vite', 'page-code.json');
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
  /** Drawings under way in this process. */
  private drawing = 0;
  /** `declined`: pages not drawn (cap reached or the client over its limit; the shell went out). */
  readonly stats = { rendered: 0, reused: 0, declined: 0 };

  /** The build's lists by page (page-styles.json, page-code.json), each read again when it changes. */
  private readonly lists = new Map<string, { mtimeMs: number; byPage: Record<string, unknown> }>();
  /** The text of each style sheet of the build read so far, by address (null: not inlined). */
  private readonly sheetTexts = new Map<string, string | null>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly file: string,
    private readonly stylesFile: string,
    /** The web build's folder, where the style sheets' addresses point. */
    private readonly webDist: string,
    /** Drawings at most at once in this process; a page beyond them is drawn in the browser. */
    private readonly maxConcurrent = Number.POSITIVE_INFINITY,
    /** Draw on threads of their own (as many as `maxConcurrent`), not the server's thread. */
    private readonly onThreads = false,
  ) {}

  private threads: RenderThreads | undefined;

  /** Stops the rendering threads (the server is closing). */
  async close(): Promise<void> {
    await this.threads?.close();
  }

  /**
   * The style sheets of the page `page` (a page-table path) beyond the shell's, and the text of
   * those and of the shell's: the server puts them into the page, so that it is styled without
   * waiting for a sheet (docs/decisions/0050-first-paint-before-code.md). The list is read again
   * when a build changes it.
   */
  async stylesOf(page: string, shell: string): Promise<PageStyles> {
    const sheets = await this.listEntry(this.stylesFile, page);
    const pageSheets = (Array.isArray(sheets) ? (sheets as string[]) : []).map(
      (file) => `/${file}`,
    );
    const shellSheets = [...headOf(shell).matchAll(SHEET_LINK)].map(([, href]) => href ?? '');
    const css = new Map<string, string>();
    for (const href of [...shellSheets, ...pageSheets]) {
      const text = await this.sheetText(href);
      if (text !== null) css.set(href, text);
    }
    // The page's own code, which the boot script starts once the page is painted
    // (docs/decisions/0079-the-take-over-without-a-time-zone-name.md); a build without the list
    // leaves the page to load it when React takes over.
    const code = await this.listEntry(pageCodeFileOf(this.webDist), page).catch(() => undefined);
    return { pageSheets, css, ...(isPageCode(code) ? { code } : {}) };
  }

  /** The entry for `page` of one of the build's lists by page. */
  private async listEntry(file: string, page: string): Promise<unknown> {
    const { mtimeMs } = await stat(file);
    let list = this.lists.get(file);
    if (list?.mtimeMs !== mtimeMs) {
      list = {
        mtimeMs,
        byPage: JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>,
      };
      this.lists.set(file, list);
    }
    return list.byPage[page];
  }

  /**
   * A sheet's text, or null when it is not one of the build's (or could end the `<style>` element
   * it goes into). The build names sheets by their content, so a name's text never changes.
   */
  private async sheetText(href: string): Promise<string | null> {
    if (!this.sheetTexts.has(href)) {
      let text: string | null = null;
      if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
        text = await readFile(path.join(this.webDist, href), 'utf8').catch(() => null);
      }
      this.sheetTexts.set(href, text !== null && /<\/style/i.test(text) ? null : text);
    }
    return this.sheetTexts.get(href) ?? null;
  }

  /** How many drawn pages are kept. */
  get keptPages(): number {
    return this.pages.size;
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
    if (this.onThreads && !this.renderer) {
      const threads = new RenderThreads(
        this.file,
        Number.isFinite(this.maxConcurrent) ? this.maxConcurrent : 2,
      );
      this.threads = threads;
      // The thread answers with the drawn page's data; reads go to this thread's routes.
      this.renderer = Promise.resolve({
        renderPage: async (url, fetchApi, width) =>
          (await threads.renderPage(
            url,
            async (read) => {
              const response = await fetchApi(read);
              return {
                status: response.status,
                contentType: response.headers.get('content-type') ?? 'application/json',
                body: await response.text(),
              };
            },
            width,
          )) as RenderedPage,
      });
    }
    this.renderer ??= import(pathToFileURL(this.file).href) as Promise<Renderer>;
    return this.renderer;
  }

  /** A GET of the server's own API, as a signed-out visitor. */
  private async fetchApi(url: string): Promise<ApiAnswer> {
    const answer = await this.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    return {
      status: answer.statusCode,
      contentType: String(answer.headers['content-type'] ?? 'application/json'),
      body: answer.body,
    };
  }

  /**
   * The page at `url` (path and query) for a window `viewportWidth` px wide, drawn now or kept
   * from an identical earlier drawing. Each read is asked once per call: a page drawn because a
   * read's answer changed is drawn from that answer (a read that counts, such as a listing's
   * views, counts one visit once).
   *
   * A fresh drawing needs a free place under the cap of drawings at once and `admit`'s yes (the
   * client's render limit); without them the answer is undefined and the caller serves the plain
   * shell. A kept page is served without either.
   */
  async render(
    url: string,
    viewportWidth = 1440,
    admit: () => Promise<boolean> = async () => true,
  ): Promise<RenderedPage | undefined> {
    const renderer = await this.load();
    const key = `${viewportWidth} ${url}`;
    const answers = new Map<string, Promise<ApiAnswer>>();
    const ask = (read: string) => {
      let answer = answers.get(read);
      if (!answer) {
        answer = this.fetchApi(read);
        answers.set(read, answer);
      }
      return answer;
    };
    const hashOf = async (reads: string[]) => {
      const hash = createHash('sha1');
      for (const read of reads) {
        const { status, body } = await ask(read);
        hash.update(`${read}\n${status}\n${body}\n`);
      }
      return hash.digest('base64url');
    };

    const kept = this.pages.get(key);
    // Every drawn answer, kept or fresh, is within the client's budget: checking a kept page
    // asks all its reads again, so a flood of kept pages would hold the server's thread too.
    if (kept && !(await admit())) {
      this.stats.declined += 1;
      return undefined;
    }
    if (kept) {
      await Promise.all(kept.reads.map(ask));
      if ((await hashOf(kept.reads)) === kept.answers) {
        this.stats.reused += 1;
        return kept.page;
      }
    }
    if (this.drawing >= this.maxConcurrent) {
      this.stats.declined += 1;
      return undefined;
    }
    this.drawing += 1;
    let page: RenderedPage;
    try {
      if (!kept && !(await admit())) {
        this.stats.declined += 1;
        return undefined;
      }
      page = await renderer.renderPage(
        url,
        async (read) => {
          const { status, contentType, body } = await ask(read);
          return new Response(body, { status, headers: { 'content-type': contentType } });
        },
        viewportWidth,
      );
    } finally {
      this.drawing -= 1;
    }
    this.stats.rendered += 1;
    const reads = [...new Set(page.reads)];
    if (this.pages.size >= PAGE_CACHE_SIZE) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, { page, reads, answers: await hashOf(reads) });
    return page;
  }
}

/** An answer of the server's own API to a read of a page. */
interface ApiAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The style sheets a rendered page carries: its own beyond the shell's, and their texts. */
export interface PageStyles {
  /** Addresses (`/assets/….css`) of the page's own sheets, in the order they apply. */
  pageSheets: string[];
  /** The text of every sheet that goes into the page, by address; others stay linked. */
  css: ReadonlyMap<string, string>;
  /** The page's own code, named in the page for the boot script. */
  code?: PageCode;
}

/** A style sheet link of the built shell; its address in the first group. */
const SHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The shell's module script and preload links of the app's code (the boot script, `async`, is
 * not one of them): the boot script starts them on a rendered page once it is painted.
 */
const APP_CODE =
  /\s*<script type="module" crossorigin src="[^"]+"><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

function headOf(html: string): string {
  const end = html.search(/<\/head>/i);
  return end >= 0 ? html.slice(0, end) : '';
}

/**
 * A style sheet in the page: its text in a `<style>`, followed by a disabled link to the same
 * address. A disabled link is not fetched, but the app's code loader finds it and does not ask
 * for the sheet again when the page's code arrives. A sheet without text stays a plain link.
 */
/**
 * Keeps a page drawn for one layout from being shown in a window of another
 * (docs/decisions/0059-layout-guess.md): a media query, read by the browser before its first
 * paint, hides the page until the app has drawn it afresh for the window's real width.
 */
export function layoutGuardStyle(drawnForWidth: number): string {
  const other =
    drawnForWidth < 768
      ? '(min-width: 768px)'
      : drawnForWidth < 992
        ? '(max-width: 767.98px), (min-width: 992px)'
        : '(max-width: 991.98px)';
  return `<style>@media ${other} { html:not([data-hydrated]) #root { visibility: hidden; } }</style>`;
}

function sheetElement(href: string, styles: PageStyles): string {
  const address = escapeHtml(href);
  const text = styles.css.get(href);
  return text === undefined
    ? `<link rel="stylesheet" crossorigin href="${address}">`
    : `<style data-href="${address}">${text}</style><link rel="stylesheet" crossorigin href="${address}" disabled>`;
}

/**
 * The page shell with the rendered page in it (docs/decisions/0048-server-rendered-public-pages.md,
 * 0050-first-paint-before-code.md): antd's styles, then the shell's style sheets and the page's
 * own, all written into the head; the HTML inside `<div id="root">` and the answers after it as
 * JSON data (not a script: the CSP needs no exception), dated now: they were just checked
 * against the API. The app's module script and preloads are left out: the boot script starts
 * them once the page is painted, so that the first paint needs nothing but the HTML.
 */
export function injectRenderedPage(
  shell: string,
  page: RenderedPage,
  styles: PageStyles,
  now = Date.now(),
): string {
  const state = {
    ...page.state,
    queries: (page.state.queries ?? []).map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
  // Dates are drawn in the renderer's time zone; the browser hydrates only in a clock with the
  // same offsets (docs/decisions/0079-the-take-over-without-a-time-zone-name.md). The zone's
  // name is for people and tests.
  const zone = escapeHtml(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const width = Number(page.viewportWidth ?? 1440);
  const data = `<script type="application/json" id="${SSR_STATE_ID}" data-time-zone="${zone}" data-zone-offsets="${escapeHtml(zoneOffsets(new Date(now)))}" data-viewport-width="${width}">${scriptSafeJson(state)}</script>`;
  // Data, like the answers, read by the boot script once the page is painted.
  const pageCode = styles.code
    ? `\n    <script type="application/json" id="${PAGE_CODE_ID}">${scriptSafeJson(styles.code)}</script>`
    : '';
  const headEnd = shell.search(/<\/head>/i);
  if (headEnd < 0) throw new Error('the page shell has no head');
  let head = shell.slice(0, headEnd);
  const rest = shell.slice(headEnd);
  // The marker comes before the boot script (right after the title), which then starts no reads
  // of its own (their answers are in the page) and starts the app's code after the first paint.
  head = head.replace(
    /<title>/i,
    (title) =>
      `<meta name="${SSR_MARKER}" content="server" data-viewport-width="${width}" />\n    ${layoutGuardStyle(width)}${pageCode}\n    ${title}`,
  );
  // antd's styles go before the app's own style sheets, as antd puts them in the browser, so
  // that the app's overrides (global.css: the tags' contrast) win in the same way.
  const firstSheet = head.search(/<link rel="stylesheet"/i);
  head =
    firstSheet >= 0
      ? `${head.slice(0, firstSheet)}${page.styles}\n    ${head.slice(firstSheet)}`
      : `${head}${page.styles}\n  `;
  head = head
    .replace(SHEET_LINK, (_link, href: string) => sheetElement(href, styles))
    .replace(APP_CODE, '');
  const pageSheets = styles.pageSheets.map((href) => sheetElement(href, styles)).join('\n    ');
  const body = rest.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${page.html}</div>\n    ${data}`,
  );
  return `${head}${pageSheets}\n  ${body}`;
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
