import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { withQuery } from '../../../config/query';
import type { ProjectSearchParams } from './search-projects';

/*
 * The addresses of the new-house reads, how the project pages read their URL, and the pictures
 * of their first screen. Kept free of React and the api client so the boot script
 * (`app/early/boot.ts`) can start the same reads before the app's code has loaded.
 */

/** Projects per page of the /newHouse list. */
export const PROJECT_PAGE_SIZE = 20;

/** The filters of /newHouse kept in the URL, so a search can be shared and survives reload. */
export const FILTER_NAMES = [
  'areaCode',
  'priceScope',
  'totalScope',
  'bedroom',
  'orientation',
  'buildAreaScope',
  'properties',
  'houseType',
  'sortType',
  'keyword',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export const NEWS_TIMELINE_URL = '/api/projects/news-timeline';
export const RECOMMENDED_PROJECTS_URL = '/api/projects/recommended';
export const POPULAR_PROJECTS_URL = '/api/projects/popular';

/** Reads a positive page number; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The /newHouse search held in a page's query string. */
export function readProjectSearch(searchParams: URLSearchParams): ProjectSearchParams {
  const read = (name: FilterName) => searchParams.get(name) || undefined;
  return {
    pageNum: parsePage(searchParams.get('pageNum')),
    keyword: read('keyword'),
    areaCode: read('areaCode') as ProjectSearchParams['areaCode'],
    priceScope: read('priceScope') as ProjectSearchParams['priceScope'],
    totalScope: read('totalScope') as ProjectSearchParams['totalScope'],
    bedroom: read('bedroom') as ProjectSearchParams['bedroom'],
    orientation: read('orientation') as ProjectSearchParams['orientation'],
    buildAreaScope: read('buildAreaScope') as ProjectSearchParams['buildAreaScope'],
    properties: read('properties') as ProjectSearchParams['properties'],
    houseType: read('houseType') as ProjectSearchParams['houseType'],
    sortType: read('sortType') as ProjectSearchParams['sortType'],
  };
}

/** One page of the new-house search. */
export function projectSearchUrl(params: ProjectSearchParams): string {
  return withQuery('/api/projects', { ...params, pageSize: PROJECT_PAGE_SIZE });
}

/** The project id of the project family pages (query `id`); 0 when missing or invalid. */
export function readProjectId(searchParams: URLSearchParams): number {
  const id = Number(searchParams.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** The project of the project family pages, with the caller's 收藏 state. */
export function projectUrl(id: number): string {
  return `/api/projects/${id}`;
}

/** The pictures of the /houseHome carousel: effect and real pictures, or the cover. */
export function carouselPictures(project: ProjectDetail): string[] {
  const pictures = [...(project.albums.effect ?? []), ...(project.albums.real ?? [])];
  return pictures.length > 0 ? pictures.slice(0, 8) : project.coverUrl ? [project.coverUrl] : [];
}
