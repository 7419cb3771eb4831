/** What other modules may use of the site settings (docs/decisions/0046-module-boundaries.md). */
export { getSiteSettings } from './site.queries';
