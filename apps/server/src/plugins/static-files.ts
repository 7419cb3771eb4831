import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_URL_PREFIX, type ObjectStorage } from '../integrations/storage/object-storage';
import { registerStoredFileRoutes } from '../integrations/storage/stored-file-routes';
import { pageStatus } from '../modules/seo/page-status';
import { sendCode } from './error-handler';

export interface StaticFilesOptions {
  storage: ObjectStorage;
  webDist: string;
}

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
 * for everything else. A page GET always answers index.html, the app's page shell; its status is
 * 200 for a page of the web app and 404 for an address that is none, or for a project, listing or
 * article page whose record is missing or not public (docs/product/crawling.md), where the app
 * shows its 404 page.
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWebApp || !isAppNavigation(request)) {
      return sendCode(reply, 'NOT_FOUND', '请求的资源不存在');
    }
    reply.header('cache-control', 'no-cache');
    let status: number;
    try {
      status = await pageStatus(app.db, request.url);
    } catch (error) {
      // The database did not answer: the shell still loads (its API calls report the outage),
      // and crawlers are told to come back rather than that the page is gone.
      request.log.error({ err: error }, 'page status: database unreachable');
      status = 503;
    }
    if (status === 200) return reply.sendFile('index.html', options.webDist);
    // Read here rather than through sendFile, whose conditional answers (304) would drop the body.
    const shell = await readFile(indexFile, 'utf8');
    return reply.code(status).type('text/html; charset=utf-8').send(shell);
  });
});
