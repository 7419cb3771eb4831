import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { recordPath } from '@portal/shared/pages';
import type { Db } from '../../db/client';
import { listPublicListingStamps } from '../listings/index';
import { listPublishedArticleStamps } from '../news/index';
import { listCommunityStamps } from '../places/index';
import { listPublishedProjectStamps } from '../projects/index';
import { PUBLIC_PAGES } from './app-pages';

/** One `<url>` of the sitemap: a path with its query, and its last change when known. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** The published records the sitemap lists, each with its last change. */
export async function loadSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  // Which records are public is each owner's rule, asked through its face.
  const [projectRows, listingRows, articleRows, communityRows] = await Promise.all([
    listPublishedProjectStamps(db),
    listPublicListingStamps(db),
    listPublishedArticleStamps(db),
    listCommunityStamps(db),
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
    ...projectRows.map((row) => ({ path: recordPath('project', row.id), lastmod: row.updatedAt })),
    ...listingRows.map((row) => ({
      path: recordPath(row.type === LISTING_TYPE.RENT ? 'rent' : 'sale', row.id),
      lastmod: row.updatedAt,
    })),
    ...articleRows.map((row) => ({ path: recordPath('article', row.id), lastmod: row.updatedAt })),
    ...communityRows.map((row) => ({
      path: recordPath('community', row.id),
      lastmod: row.updatedAt,
    })),
  ];
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
