import { ADMIN_PREFIX, PRIVATE_PAGES, PUBLIC_PAGES, RECORD_PAGES } from './app-pages';

/** Paths crawlers may fetch; a rule that keeps robots out must never cover one of them. */
const OPEN_PATHS = [...PUBLIC_PAGES, ...Object.keys(RECORD_PAGES)];

/**
 * The `Disallow` lines of one closed path. Robots match rules as prefixes, so a closed path that
 * begins an open one (`/feedback` and `/feedbackpage`) is closed exactly: the path itself (`$`)
 * and the path with a query.
 */
function disallowLines(path: string): string[] {
  const coversOpenPath = OPEN_PATHS.some((open) => open !== path && open.startsWith(path));
  return coversOpenPath ? [`Disallow: ${path}$`, `Disallow: ${path}?`] : [`Disallow: ${path}`];
}

/**
 * `robots.txt`: every crawler may read the public pages; personal, sign-in and task pages, the
 * operator console, the API and the simulators are closed; the sitemap is named by the site's
 * public address.
 */
export function renderRobots(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    ...[...PRIVATE_PAGES, ADMIN_PREFIX, '/api', '/dev'].flatMap(disallowLines),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
