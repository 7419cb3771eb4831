import { PROJECT_STATUS } from '@portal/shared/status';
import { eq, type SQL } from 'drizzle-orm';
import { projects } from '../../db/schema/index';

/**
 * The tables of `projects` other modules may read, and which projects are public; only `projects`
 * writes them (docs/decisions/0075-one-owner-per-table.md).
 */
export {
  companies,
  districts,
  houseModels,
  licences,
  projects,
  projectTags,
  supervisionAccounts,
  tags,
} from '../../db/schema/index';

/**
 * The condition of a public project, for other modules' reads of projects (compare, history):
 * published (docs/decisions/0075-one-owner-per-table.md).
 */
export function isPublicProject(): SQL {
  return eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED);
}
