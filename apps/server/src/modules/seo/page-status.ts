import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { NEWS_STATE_PUBLISHED } from '@portal/shared/constants/news';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news, projects, secondHandListings } from '../../db/schema/index';
import { PUBLISHED as PROJECT_PUBLISHED } from '../projects/project-search.queries';
import { appPageOf, RECORD_PAGES, type RecordKind } from './app-pages';

const MAX_ID = 2_147_483_647;

/** The record id of `?id=`, or null when it is absent or not a whole number the table can hold. */
export function recordIdOf(search: string): number | null {
  const text = new URLSearchParams(search).get('id');
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** Whether the record is public: a published project, listing of the page's kind, or article. */
export async function isPublicRecord(db: Db, kind: RecordKind, id: number): Promise<boolean> {
  if (kind === 'project') {
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.publishStatus, PROJECT_PUBLISHED)));
    return rows.length > 0;
  }
  if (kind === 'article') {
    const rows = await db
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.id, id), eq(news.newsState, NEWS_STATE_PUBLISHED)));
    return rows.length > 0;
  }
  const rows = await db
    .select({ id: secondHandListings.id })
    .from(secondHandListings)
    .where(
      and(
        eq(secondHandListings.id, id),
        eq(secondHandListings.type, kind === 'sale' ? LISTING_TYPE.SALE : LISTING_TYPE.RENT),
        eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
      ),
    );
  return rows.length > 0;
}

/**
 * The HTTP status of a page address: 404 for a path that is no page of the web app, for the 404
 * page itself, and for a record page whose id is missing, malformed or not public (never
 * published, withdrawn, taken down, sold); 200 otherwise. The page shell is sent either way, so
 * the browser still shows the app (an owner still previews a listing that is not public).
 */
export async function pageStatus(db: Db, url: string): Promise<200 | 404> {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const page = appPageOf(pathname);
  if (page === undefined || page === '/404') return 404;
  const kind = RECORD_PAGES[page];
  if (!kind) return 200;
  const id = recordIdOf(search);
  if (id === null) return 404;
  return (await isPublicRecord(db, kind, id)) ? 200 : 404;
}
