/**
 * What other modules may use of the new-build projects (docs/decisions/0046-module-boundaries.md):
 * whether a project is public (alone, or with what its page head and the sitemap say of it), the
 * project search conditions, the published projects kept in memory (the map walks them:
 * docs/decisions/0085-the-map-from-the-projects-in-memory.md), and a project's follower count
 * moved by a citizen's 收藏. The cached public reads and their invalidation after a write are
 * `lib/read-cache.ts`, below every module. The routes are mounted by the app
 * (`projects.module.ts`).
 */
export { isPublishedProject } from './project-detail.queries';
export { moveProjectFollowers } from './project-followers.service';
export {
  type IndexedProject,
  type ProjectSearchIndex,
  readProjectSearchIndex,
} from './project-search-index';
export { searchConditions, searchProjectRows } from './project-search.queries';
export { findPublishedProjectHead, listPublishedProjectStamps } from './public-records.queries';
export { isPublicProject } from './tables';
export { forgetGroupBuyOfClosedAccount } from './closed-account.service';
