/**
 * What other modules may use of the new-build projects (docs/decisions/0046-module-boundaries.md):
 * whether a project is public, the project search conditions, and the cached public project reads with their
 * invalidation after a write. The routes are mounted by the app (`projects.module.ts`).
 */
export { isPublishedProject } from './project-detail.queries';
export { searchConditions, searchProjectRows } from './project-search.queries';
export {
  createAppReadCache,
  createProjectReadCache,
  forgetProjectFollowers,
  invalidateProjectReads,
  type ReadCache,
  releaseProjectReadCache,
} from './read-cache';
export { forgetGroupBuyOfClosedAccount } from './closed-account.service';
