/**
 * What other modules may use of the new-build projects (docs/decisions/0046-module-boundaries.md):
 * whether a project is public (alone, or with what its page head and the sitemap say of it) and
 * the project search conditions. The cached public reads and their invalidation after a write
 * are `lib/read-cache.ts`, below every module. The routes are mounted by the app
 * (`projects.module.ts`).
 */
export { isPublishedProject } from './project-detail.queries';
export { searchConditions, searchProjectRows } from './project-search.queries';
export { findPublishedProjectHead, listPublishedProjectStamps } from './public-records.queries';
export { forgetGroupBuyOfClosedAccount } from './closed-account.service';
