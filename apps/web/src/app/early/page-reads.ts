import type { EarlyReadPath } from '@portal/shared/pages';
import type { Banner } from '@portal/shared/schemas/home';
import type { NewsItem } from '@portal/shared/schemas/news';
import type { ProjectDetail, ProjectPage } from '@portal/shared/schemas/projects';
import {
  BANNERS_URL,
  bannerPicture,
  HEADLINES_URL,
  HOME_FIRST_SCREEN,
  headlinePicture,
  homeNewsUrl,
  homeProjectsUrl,
} from '../../features/home/api/home-urls';
import {
  carouselPictures,
  NEWS_TIMELINE_URL,
  POPULAR_PROJECTS_URL,
  projectSearchUrl,
  projectUrl,
  readProjectId,
  readProjectSearch,
  RECOMMENDED_PROJECTS_URL,
} from '../../features/projects/api/project-urls';

/** A read a page's first screen needs, and the pictures its answer names for that screen. */
export interface EarlyRead {
  url: string;
  pictures?: (data: unknown) => (string | null | undefined)[];
}

/** The site settings of the page shell (title, logo, footer). */
export const SITE_SETTINGS_URL = '/api/site/settings';

/** The full building table's buildings (`features/building-table`). */
export const tableBuildingsUrl = (projectId: number) =>
  `/api/building-table/projects/${projectId}/buildings`;

function homeReads(): EarlyRead[] {
  const screen = HOME_FIRST_SCREEN;
  return [
    { url: BANNERS_URL, pictures: (data) => (data as Banner[]).slice(0, 1).map(bannerPicture) },
    {
      url: HEADLINES_URL,
      pictures: (data) => (data as NewsItem[]).slice(0, 1).map(headlinePicture),
    },
    ...screen.newsTypes.map((newsType) => ({ url: homeNewsUrl(newsType, screen.newsSize) })),
    { url: homeProjectsUrl(screen.projects) },
  ];
}

function projectReads(search: URLSearchParams): EarlyRead[] {
  const id = readProjectId(search);
  return id > 0 ? [{ url: projectUrl(id) }] : [];
}

type PageReads = (search: URLSearchParams) => EarlyRead[];

/**
 * The reads of the first screen of each page of the page table's `EARLY_READ_PAGE_IDS` (by
 * address; the type wants one entry for each of them and no other), besides the site settings of
 * the page shell.
 */
const PAGE_READS: Readonly<Record<EarlyReadPath, PageReads>> = {
  '/': homeReads,
  '/home': homeReads,
  '/newHouse': (search) => [
    {
      url: projectSearchUrl(readProjectSearch(search)),
      pictures: (data) => (data as ProjectPage).list.slice(0, 1).map((item) => item.coverUrl),
    },
    { url: NEWS_TIMELINE_URL },
    { url: RECOMMENDED_PROJECTS_URL },
    { url: POPULAR_PROJECTS_URL },
  ],
  '/houseHome': (search) =>
    projectReads(search).map((read) => ({
      ...read,
      pictures: (data) => carouselPictures(data as ProjectDetail).slice(0, 1),
    })),
  '/houses': (search) => {
    const id = readProjectId(search);
    return id > 0 ? [...projectReads(search), { url: tableBuildingsUrl(id) }] : [];
  },
};

/**
 * What the page at `pathname` with the query string `search` reads first: its own first screen
 * and the site settings of the page shell. Nothing for the pages not listed here.
 */
export function earlyReadsOf(pathname: string, search: URLSearchParams): EarlyRead[] {
  const reads = (PAGE_READS as Readonly<Record<string, PageReads | undefined>>)[pathname];
  return reads ? [...reads(search), { url: SITE_SETTINGS_URL }] : [];
}
