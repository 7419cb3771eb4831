import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { renderRobots } from './robots';
import { loadSitemapFingerprint } from './seo.queries';
import { loadSitemapEntries, renderSitemap } from './sitemap';

export interface SeoRoutesOptions {
  /** The site's public address (PUBLIC_ORIGIN): the sitemap's and robots' absolute URLs. */
  publicOrigin: string;
}

/** Crawlers may keep the sitemap this many seconds; the server rebuilds it on every change. */
const SITEMAP_MAX_AGE_SECONDS = 300;

/**
 * `GET /robots.txt` and `GET /sitemap.xml` (docs/product/crawling.md). The sitemap is built from
 * the database and kept in memory together with the fingerprint of the tables it was built from;
 * each request compares one cheap fingerprint query and rebuilds only when a project, listing or
 * article changed since, so a publication or withdrawal shows in the very next sitemap.
 */
export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const robots = renderRobots(options.publicOrigin);
  let cached: { fingerprint: string; xml: string; etag: string } | undefined;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const fingerprint = await loadSitemapFingerprint(app.readDb);
    if (cached?.fingerprint !== fingerprint) {
      const xml = renderSitemap(options.publicOrigin, await loadSitemapEntries(app.readDb));
      const etag = `"${createHash('sha1').update(xml).digest('base64url')}"`;
      cached = { fingerprint, xml, etag };
    }
    reply
      .header('cache-control', `public, max-age=${SITEMAP_MAX_AGE_SECONDS}`)
      .header('etag', cached.etag);
    if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(cached.xml);
  });
}
