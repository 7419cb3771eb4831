import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_REPORT_STATUS } from '@portal/shared/constants/listing-trust';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { PROJECT_STATUS, NEWS_STATUS } from '@portal/shared/status';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  communities,
  listingReports,
  news,
  projects,
  secondHandListings,
} from '../../db/schema/index';
import { notHiddenByReports } from '../listings/index';
import { PUBLIC_PAGES } from './app-pages';

/** One `<url>` of the sitemap: a path with its query, and its last change when known. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** The published records the sitemap lists, each with its last change. */
export async function loadSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [projectRows, listingRows, articleRows, communityRows] = await Promise.all([
    db
      .select({ id: projects.id, updatedAt: projects.updatedAt })
      .from(projects)
      .where(eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED))
      .orderBy(asc(projects.id)),
    db
      .select({
        id: secondHandListings.id,
        type: secondHandListings.type,
        updatedAt: secondHandListings.updatedAt,
      })
      .from(secondHandListings)
      // Not those hidden from search by citizens' reports until an operator decides them.
      .where(
        and(eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED), notHiddenByReports()),
      )
      .orderBy(asc(secondHandListings.id)),
    db
      .select({ id: news.id, updatedAt: news.updatedAt })
      .from(news)
      .where(eq(news.newsState, NEWS_STATUS.PUBLISHED))
      .orderBy(asc(news.id)),
    // Every 小区 the city records is public, with or without listings today.
    db
      .select({ id: communities.id, updatedAt: communities.updatedAt })
      .from(communities)
      .orderBy(asc(communities.id)),
  ]);
  const newest = (rows: { updatedAt: Date }[]): Date | undefined =>
    rows.reduce<Date | undefined>(
      (max, row) => (!max || row.updatedAt > max ? row.updatedAt : max),
      undefined,
    );
  const newestOfLists: Record<string, Date | undefined> = {
    '/newHouse': newest(projectRows),
    '/secondhandhouse': newest(listingRows),
    '/informationAndPolicyPage': newest(articleRows),
  };
  const newestOfAll = newest([projectRows, listingRows, articleRows].flat());
  const fixed: SitemapEntry[] = PUBLIC_PAGES.filter((page) => page !== '/home').map((page) => ({
    path: page,
    lastmod: page === '/' ? newestOfAll : newestOfLists[page],
  }));
  return [
    ...fixed,
    ...projectRows.map((row) => ({ path: `/houseHome?id=${row.id}`, lastmod: row.updatedAt })),
    ...listingRows.map((row) => ({
      path: `${row.type === LISTING_TYPE.RENT ? '/detailscz' : '/detailscs'}?id=${row.id}`,
      lastmod: row.updatedAt,
    })),
    ...articleRows.map((row) => ({
      path: `/informationAndPolicyDetails?id=${row.id}`,
      lastmod: row.updatedAt,
    })),
    ...communityRows.map((row) => ({ path: `/community?id=${row.id}`, lastmod: row.updatedAt })),
  ];
}

/**
 * A short text that changes whenever a project, listing, article or 小区 is added, changed or removed
 * (every write of these tables moves its `updated_at`; a deletion changes its count), or a
 * listing report is filed or decided (the open reports' count and newest id): the sitemap is
 * rebuilt only when it differs from the one the cached sitemap was built from.
 */
export async function loadSitemapFingerprint(db: Db): Promise<string> {
  const parts = await Promise.all(
    [projects, secondHandListings, news, communities].map(async (table) => {
      const [row] = await db
        .select({
          count: sql<string>`count(*)::text`,
          newest: sql<string | null>`max(${table.updatedAt})::text`,
        })
        .from(table);
      return `${row?.count ?? 0}:${row?.newest ?? ''}`;
    }),
  );
  const [reports] = await db
    .select({
      open: sql<string>`count(*) filter (where ${listingReports.status} = ${LISTING_REPORT_STATUS.OPEN})::text`,
      newest: sql<string | null>`max(${listingReports.id})::text`,
    })
    .from(listingReports);
  parts.push(`${reports?.open ?? 0}:${reports?.newest ?? ''}`);
  return parts.join('|');
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The sitemap document (sitemaps.org 0.9) of `entries`, with absolute addresses on `origin`. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(base + entry.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
