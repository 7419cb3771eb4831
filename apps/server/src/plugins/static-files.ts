import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  contentTypeOf,
  PUBLIC_URL_PREFIX,
  type ObjectStorage,
} from '../integrations/storage/object-storage';
import {
  publicFileHeaders,
  registerStoredFileRoutes,
} from '../integrations/storage/stored-file-routes';
import { CSRF_COOKIE } from '../modules/access/index';
import {
  appPageOf,
  encodePage,
  headAddressOf,
  injectHead,
  injectRenderedPage,
  loadPageMeta,
  loadPageMetaFingerprint,
  PageRenderer,
  pageStylesFileOf,
  renderAddressOf,
  rendererFileOf,
  renderHead,
  SERVER_RENDERED_PAGES,
  viewportWidthFor,
} from '../modules/seo/index';
import { markCareMode } from './care-mode-page';
import { sendCode } from './error-handler';
import { redactUrl } from './log-redaction';
import { windowCounter } from './rate-limit';

export interface StaticFilesOptions {
  storage: ObjectStorage;
  webDist: string;
  /** The site's public address (PUBLIC_ORIGIN): canonical and share-card URLs. */
  publicOrigin: string;
  /** Drawings at once per process and fresh drawings per minute per client address. */
  render?: { concurrency: number; perClientPerMinute: number; threads: boolean };
  /** Prefix of the Redis keys (the per-client render counts, shared by every instance). */
  redisPrefix?: string;
}

/** The window of the per-client render limit. */
const RENDER_WINDOW_MS = 60_000;

/** Heads kept per address between data changes; the oldest go first beyond this. */
const PAGE_HEAD_CACHE_SIZE = 2000;

/** Prefix under which stored files are public: a stored path `seed/a.svg` is `/oss/app/seed/a.svg`. */
export const UPLOADS_PREFIX = PUBLIC_URL_PREFIX;

/** Paths that are never the SPA: an unknown one is a plain 404 envelope. */
const NON_APP_PREFIXES = ['/api/', '/oss/', '/dev/', '/assets/'];

function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname === '/dev') return false;
  return !NON_APP_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Public stored files at `/oss/app/…` (straight from the disk, or through the object storage),
 * signed private files at `/oss/private/…`, the built SPA with history fallback, and 404 envelopes
 * for everything else. A page GET always answers index.html, the app's page shell, with the page's
 * own title, description, canonical address, share tags and structured data written into its head
 * (docs/product/page-meta.md); its status is 200 for a page of the web app and 404 for an address
 * that is none, or for a project, listing or article page whose record is missing or not public
 * (docs/product/crawling.md), where the app shows its 404 page.
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, options: StaticFilesOptions) => {
  const { publicRoot } = options.storage;
  if (publicRoot) {
    mkdirSync(publicRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: publicRoot,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: '1h',
      // Uploads: the stored-file policy, and documents as downloads (stored-file-routes.ts).
      setHeaders: (reply, filePath) => {
        reply.headers(publicFileHeaders(contentTypeOf(filePath)));
      },
    });
  }
  registerStoredFileRoutes(app, options.storage);

  const indexFile = path.join(options.webDist, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist: options.webDist }, 'web app not built: serving the API only');
  }

  /**
   * Page heads (status and head elements) by address, valid while the fingerprint of projects,
   * listings, articles and site settings stays the same; any change drops them all.
   */
  let heads: { fingerprint: string; byUrl: Map<string, { status: 200 | 404; head: string }> } = {
    fingerprint: '',
    byUrl: new Map(),
  };
  /**
   * One fingerprint query at a time: requests arriving while one is under way share its answer
   * (it started after every write they could have seen committed before them), so a flood of
   * page requests asks the database once per round trip, not once per request.
   */
  let fingerprintUnderWay: Promise<string> | undefined;
  function currentFingerprint(): Promise<string> {
    fingerprintUnderWay ??= loadPageMetaFingerprint(app.db).finally(() => {
      fingerprintUnderWay = undefined;
    });
    return fingerprintUnderWay;
  }
  async function pageHead(url: string): Promise<{ status: 200 | 404; head: string }> {
    const fingerprint = await currentFingerprint();
    if (fingerprint !== heads.fingerprint) heads = { fingerprint, byUrl: new Map() };
    // Unknown parameters do not change the head, nor make new entries.
    const address = headAddressOf(url);
    const cached = heads.byUrl.get(address);
    if (cached) return cached;
    const meta = await loadPageMeta(app.db, address, {
      origin: options.publicOrigin,
      publicUrl: (key) => options.storage.publicUrl(key),
    });
    const entry = { status: meta.status, head: renderHead(meta) };
    if (heads.byUrl.size >= PAGE_HEAD_CACHE_SIZE) {
      const oldest = heads.byUrl.keys().next().value;
      if (oldest !== undefined) heads.byUrl.delete(oldest);
    }
    heads.byUrl.set(address, entry);
    return entry;
  }

  /** The built page shell, read again when the build changes it. */
  let shellFile: { mtimeMs: number; html: string } | undefined;
  async function readShell(): Promise<string> {
    const { mtimeMs } = await stat(indexFile);
    if (shellFile?.mtimeMs !== mtimeMs)
      shellFile = { mtimeMs, html: await readFile(indexFile, 'utf8') };
    return shellFile.html;
  }

  const renderer = new PageRenderer(
    app,
    rendererFileOf(options.webDist),
    pageStylesFileOf(options.webDist),
    options.webDist,
    options.render?.concurrency ?? 2,
    options.render?.threads ?? false,
  );
  app.addHook('onClose', async () => renderer.close());
  if (hasWebApp && !renderer.available()) {
    app.log.warn('web renderer not built: public pages are rendered in the browser only');
  }

  /**
   * The page (page-table path) the server draws here, if it does (docs/decisions/0048-server-rendered-public-pages.md):
   * a public page of `SERVER_RENDERED_PAGES` that exists, for a GET of a visitor who is not
   * signed in (the CSRF cookie marks a session; signed-in pages are drawn in the browser).
   */
  function serverRenderedPage(request: FastifyRequest, status: number): string | undefined {
    if (status !== 200 || request.method !== 'GET' || !renderer.available()) return undefined;
    const page = appPageOf(request.url.split('?')[0] ?? '/');
    if (!page || !SERVER_RENDERED_PAGES.has(page) || request.cookies?.[CSRF_COOKIE])
      return undefined;
    return page;
  }

  /**
   * Drawn answers (fresh or kept) per client address and minute, counted in Redis when
   * configured (one limit across instances): over it, the client gets the plain shell with the
   * page's head, drawn by its browser.
   */
  const perClient = options.render?.perClientPerMinute ?? 60;
  let lastFallbackLog = 0;
  const countRender = windowCounter(app.redis, `${options.redisPrefix ?? ''}render:`, (error) => {
    if (Date.now() - lastFallbackLog < 30_000) return;
    lastFallbackLog = Date.now();
    app.log.warn({ err: error }, 'render limit: redis failed, counting on this instance');
  });
  const admitRender = (request: FastifyRequest) => async () =>
    (await countRender(request.ip, RENDER_WINDOW_MS)) <= perClient;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWebApp || !isAppNavigation(request)) {
      return sendCode(reply, 'NOT_FOUND', '请求的资源不存在');
    }
    reply.header('cache-control', 'no-cache');
    // A device in 长辈版 gets its pages marked for the mode (docs/product/accessibility.md).
    const shell = markCareMode(await readShell(), request.cookies ?? {});
    // A client over its budget of drawn pages gets the plain shell before anything asks the
    // database: a flood from one address then costs the server next to nothing.
    if (serverRenderedPage(request, 200) && !(await admitRender(request)())) {
      return reply.code(200).type('text/html; charset=utf-8').send(shell);
    }
    try {
      const { status, head } = await pageHead(request.url);
      const page = injectHead(shell, head);
      const rendersAs = serverRenderedPage(request, status);
      // Drawn and kept under the page's own parameters only (docs/operations.md).
      const address = rendersAs === undefined ? undefined : renderAddressOf(request.url);
      if (rendersAs && address) {
        try {
          const [rendered, styles] = await Promise.all([
            // Within its budget: counted above.
            renderer.render(
              address,
              viewportWidthFor(request.headers['user-agent'], request.headers.cookie),
            ),
            renderer.stylesOf(rendersAs, page),
          ]);
          // Not drawn now (too many at once, or this client over its limit): the plain shell
          // with the page's head, drawn by the browser.
          if (!rendered) return reply.code(status).type('text/html; charset=utf-8').send(page);
          const { body, encoding } = encodePage(
            injectRenderedPage(page, rendered, styles),
            request.headers['accept-encoding'],
          );
          if (encoding) reply.header('content-encoding', encoding);
          return (
            reply
              .code(status)
              // Drawn for the reader's kind of device (phone, tablet or desktop layout), from
              // the layout cookie or else the user agent.
              .header('vary', 'User-Agent, Cookie, Accept-Encoding')
              .type('text/html; charset=utf-8')
              .send(body)
          );
        } catch (error) {
          // The page is still there, drawn by the browser.
          request.log.error({ err: error, url: redactUrl(request.url) }, 'server render failed');
        }
      }
      return reply.code(status).type('text/html; charset=utf-8').send(page);
    } catch (error) {
      // The database did not answer: the shell still loads (its API calls report the outage),
      // and crawlers are told to come back rather than that the page is gone.
      request.log.error({ err: error }, 'page head: database unreachable');
      return reply.code(503).type('text/html; charset=utf-8').send(shell);
    }
  });
});
