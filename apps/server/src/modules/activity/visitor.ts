import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * User agents of crawlers, link previews and scripted clients: their reads are never counted as
 * views (docs/product/activity-figures.md). A missing user agent counts as a script too.
 */
const CRAWLER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|python-urllib|go-http-client|java\/|okhttp|httpclient|axios\/|node-fetch|scrapy|phantomjs/i;

/** True when the user agent is a crawler's or a script's (or missing). */
export function isCrawlerAgent(userAgent: string | undefined): boolean {
  return !userAgent || CRAWLER_AGENT.test(userAgent);
}

/** Who is reading, for counting views once a day: null for a crawler. */
export interface Visitor {
  key: string;
}

/**
 * The visitor of a request: the signed-in user, otherwise a digest of the address and the browser
 * (neither is stored as such); null for a crawler, whose reads never count.
 */
export function visitorOf(request: FastifyRequest): Visitor | null {
  const agent = request.headers['user-agent'];
  if (isCrawlerAgent(agent)) return null;
  if (request.user) return { key: `u:${request.user.id}` };
  const digest = createHash('sha256').update(`${request.ip}|${agent}`).digest('hex').slice(0, 24);
  return { key: `a:${digest}` };
}
