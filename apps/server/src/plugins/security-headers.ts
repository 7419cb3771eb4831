import { WECHAT_JS_SDK_URLS } from '@portal/shared/constants/wechat';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Pages that other pages of the site may embed: the 房聊 chat page (docs/product/content.md). */
const EMBEDDABLE_PATHS = ['/chat'];
/** The API reference (Swagger UI, served by @fastify/swagger-ui). */
const DOCS_PREFIX = '/api/docs';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The chat socket's origin for a site origin: `wss://host` under https, `ws://host` under http. */
function socketOriginOf(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
}

/**
 * The Content-Security-Policy of the site's HTML documents, built from configuration only (the
 * site's PUBLIC_ORIGIN and the storage's file origins) — never from the request, whose Host
 * header anyone can set. Scripts only from the site itself (the built app has no inline
 * script); styles may be inline because Ant Design injects its CSS at run time; images also
 * from https (天地图 map tiles when MAP_PROVIDER=tianditu, pictures in news bodies) and
 * data/blob URLs (previews of chosen uploads); the chat socket on the site's own origin. Only
 * the chat page may be framed, and only by the site itself. `fileOrigins` are where stored
 * files come from besides the site (an S3 bucket or CDN): pictures load and invoices show in a
 * frame from there. `wechatJsSdk` (an Official Account is configured) also allows the two
 * WeChat JS-SDK script files, which set the share card inside WeChat — the files, not their
 * hosts: the SDK talks to WeChat through the bridge the WeChat browser injects, and its one
 * request of its own (a statistics beacon to open.weixin.qq.com) is an image, which img-src
 * already allows (docs/decisions/0041-wechat-share-card.md).
 */
export function contentSecurityPolicy(
  publicOrigin: string,
  embeddable: boolean,
  fileOrigins: readonly string[] = [],
  wechatJsSdk = false,
): string {
  const files = fileOrigins.map((origin) => ` ${origin}`).join('');
  const sdk = wechatJsSdk ? WECHAT_JS_SDK_URLS.map((url) => ` ${url}`).join('') : '';
  return [
    "default-src 'self'",
    `script-src 'self'${sdk}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${files}`,
    "font-src 'self' data:",
    `connect-src 'self' ${socketOriginOf(publicOrigin)}`,
    `frame-src 'self'${files}`,
    `frame-ancestors ${embeddable ? "'self'" : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * The Content-Security-Policy of the API reference at /api/docs. Swagger UI loads its bundle,
 * preset and initializer as files of its own (no inline script, no eval), sets inline styles and
 * draws its icons as data: images, and calls the API on the same origin with 试一试. It loads
 * nothing from elsewhere (the online validator badge included), and no page may frame it.
 */
export function docsContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * Security headers on every response (nosniff, referrer policy, permissions policy), the CSP
 * and framing rules on HTML documents, and HSTS when the request arrived over TLS (directly or
 * through a trusted proxy, see TRUST_PROXY).
 */
const securityHeaders: FastifyPluginAsync<{
  publicOrigin: string;
  fileOrigins?: readonly string[];
  /** An Official Account is configured: pages may load the WeChat JS-SDK. */
  wechatJsSdk?: boolean;
}> = async (app, options) => {
  const { publicOrigin, fileOrigins, wechatJsSdk = false } = options;
  const policies = {
    page: contentSecurityPolicy(publicOrigin, false, fileOrigins, wechatJsSdk),
    embeddable: contentSecurityPolicy(publicOrigin, true, fileOrigins, wechatJsSdk),
  };
  // A callback, not an async function: every answer passes here, most of them after four
  // headers and no more, without a promise and a turn of the microtask queue of their own.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    }

    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return done(null, payload);
    const path = pathOf(request);
    if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) {
      reply.header('content-security-policy', docsContentSecurityPolicy());
      reply.header('x-frame-options', 'DENY');
    } else {
      const embeddable = EMBEDDABLE_PATHS.includes(path);
      reply.header('content-security-policy', embeddable ? policies.embeddable : policies.page);
      reply.header('x-frame-options', embeddable ? 'SAMEORIGIN' : 'DENY');
    }
    done(null, payload);
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
