import type { SearchScope } from '@portal/shared/constants/subscriptions';
import { and, asc, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';
import { searchConditions as listingConditions } from '../listings/index';
import { secondHandListings } from '../listings/tables';
import { searchConditions as projectConditions } from '../projects/index';
import { parse } from './saved-search';

/** What a saved search found: a project or a listing published after its last check. */
export interface SearchMatch {
  kind: 'project' | 'listing';
  id: number;
  name: string;
}

/** At most this many finds per search and check are told; the rest are in the list page. */
const MATCH_LIMIT = 5;

/**
 * Projects or listings that match a saved search and were published in (after, until].
 * Projects count from `published_at`, listings from `publish_time`.
 */
export async function findNewMatches(
  db: Db,
  scope: SearchScope,
  query: string,
  after: Date,
  until: Date,
): Promise<SearchMatch[]> {
  const data = parse(scope, query);
  if (scope === 'newHouse') {
    const where = projectConditions(data as Parameters<typeof projectConditions>[0]);
    const rows = await selectRows<{ id: number; name: string }>(
      db,
      sql`select p.id, p.publish_name as name
        from projects p
        join districts d on d.code = p.district_code
        left join companies c on c.id = p.company_id
        where ${where} and p.published_at > ${after.toISOString()} and p.published_at <= ${until.toISOString()}
        order by p.published_at, p.id limit ${MATCH_LIMIT}`,
    );
    return rows.map((row) => ({ kind: 'project', id: Number(row.id), name: row.name }));
  }
  const L = secondHandListings;
  const where = listingConditions(
    data as Parameters<typeof listingConditions>[0],
    until.getUTCFullYear(),
  );
  const rows = await db
    .select({ id: L.id, name: L.title })
    .from(L)
    .where(and(where, gt(L.publishTime, after), lte(L.publishTime, until)) as SQL)
    .orderBy(asc(L.publishTime), asc(L.id))
    .limit(MATCH_LIMIT);
  return rows.map((row) => ({ kind: 'listing', id: row.id, name: row.name }));
}
