import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_URL_PREFIX, type ObjectStorage } from '../integrations/storage/object-storage';
import { registerStoredFileRoutes } from '../integrations/storage/stored-file-routes';
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
 * signed private files at `/oss/private/…`, the built SPA with history fallback (every unknown
 * page GET answers index.html, whose router shows /404), and 404 envelopes for everything else.
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

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasWebApp && isAppNavigation(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDist);
    }
    return sendCode(reply, 'NOT_FOUND', '请求的资源不存在');
  });
});
