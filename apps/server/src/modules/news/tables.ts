import { NEWS_STATUS } from '@portal/shared/status';
import { eq, type SQL } from 'drizzle-orm';
import { news } from '../../db/schema/index';

/**
 * The tables of `news` other modules may read, and which articles are public; only `news` writes
 * them (docs/decisions/0075-one-owner-per-table.md).
 */
export { banners, news } from '../../db/schema/index';

/** The condition of a public article, for other modules' reads of `news`: published. */
export function isPublicArticle(): SQL {
  return eq(news.newsState, NEWS_STATUS.PUBLISHED);
}
