/**
 * What other modules may use of the news (docs/decisions/0046-module-boundaries.md): which
 * articles are public, for the page heads and the sitemap. The routes are mounted by the app
 * (`news.routes.ts`, `news.admin.routes.ts`).
 */
export { findPublishedArticleHead, listPublishedArticleStamps } from './public-records.queries';
