import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import {
  contentDisposition,
  isPicture,
  isValidKey,
  PRIVATE_URL_PREFIX,
  PUBLIC_URL_PREFIX,
  type ObjectBody,
  type ObjectStorage,
} from './object-storage';

/** Browser cache of public objects, seconds (as the disk-served ones). */
const PUBLIC_MAX_AGE_SECONDS = 60 * 60;
/**
 * A stored file never runs script or loads anything, even when opened as a page: no sources,
 * pictures from this origin only, inline styles (an SVG's own), and a sandbox (no script, no
 * forms, an opaque origin). Private PDFs shown inline go without it: Chromium's PDF viewer is
 * itself blocked by such a policy.
 */
export const STORED_FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The headers of a public stored file (uploads): the policy above, nosniff, and a document
 * (PDF, Word, anything not a picture) as a download, so it never opens as a page of this site.
 */
export function publicFileHeaders(contentType: string): Record<string, string> {
  return {
    'content-security-policy': STORED_FILE_CSP,
    'x-content-type-options': 'nosniff',
    ...(isPicture(contentType) ? {} : { 'content-disposition': 'attachment' }),
  };
}

function sendBody(
  reply: FastifyReply,
  body: ObjectBody,
  headers: { cacheControl: string; disposition?: string; public?: boolean },
) {
  if (headers.public) reply.headers(publicFileHeaders(body.contentType));
  else if (body.contentType !== 'application/pdf') {
    reply.header('content-security-policy', STORED_FILE_CSP);
  }
  if (headers.disposition) reply.header('content-disposition', headers.disposition);
  return reply
    .header('content-type', body.contentType)
    .header('content-length', body.size)
    .header('last-modified', body.lastModified.toUTCString())
    .header('cache-control', headers.cacheControl)
    .send(body.stream);
}

const queryText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The routes of stored files that are not plain files on this server's disk:
 * - `/oss/app/<key>` when the public objects live in a bucket: a redirect to the CDN address
 *   when one is configured, otherwise the object streamed through the server;
 * - `/oss/private/<key>?expires=&sig=[&download=]`, the signed links of the local disk: any bad,
 *   tampered or expired link is the same 403, so nobody learns which files exist.
 */
export function registerStoredFileRoutes(app: FastifyInstance, storage: ObjectStorage): void {
  if (!storage.publicRoot) {
    app.get(`${PUBLIC_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isValidKey(key)) throw new AppError('NOT_FOUND', '请求的资源不存在');
      const target = storage.publicUrl(key);
      if (/^https?:\/\//.test(target)) {
        return reply
          .header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`)
          .redirect(target, 302);
      }
      const body = await storage.get('public', key);
      if (!body) throw new AppError('NOT_FOUND', '请求的资源不存在');
      return sendBody(reply, body, {
        cacheControl: `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`,
        public: true,
      });
    });
  }

  const { openSigned } = storage;
  if (openSigned) {
    app.get(`${PRIVATE_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const query = request.query as Record<string, unknown>;
      const download = queryText(query.download) || undefined;
      const expires = Number(queryText(query.expires));
      const now = new Date();
      const body = await openSigned.call(
        storage,
        key,
        { expires: Number.isInteger(expires) ? expires : 0, sig: queryText(query.sig), download },
        now,
      );
      const remaining = Math.max(0, expires - Math.floor(now.getTime() / 1000));
      return sendBody(reply, body, {
        cacheControl: `private, max-age=${remaining}`,
        disposition: contentDisposition(download ? 'attachment' : 'inline', download),
      });
    });
  }
}
