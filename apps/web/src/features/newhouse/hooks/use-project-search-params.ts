import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectSearchParams } from '../api/search-projects';

/** The filters of /newHouse kept in the URL, so a search can be shared and survives reload. */
export const FILTER_NAMES = [
  'areaCode',
  'priceScope',
  'bedroom',
  'buildAreaScope',
  'properties',
  'houseType',
  'sortType',
  'keyword',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** Reads a positive page number; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The search of /newHouse as URL state. Every filter change pushes a history entry and goes back
 * to page 1 (spec 3 §2.1); `setPage` keeps the filters.
 */
export function useProjectSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<ProjectSearchParams>(() => {
    const read = (name: FilterName) => searchParams.get(name) || undefined;
    return {
      pageNum: parsePage(searchParams.get('pageNum')),
      keyword: read('keyword'),
      areaCode: read('areaCode') as ProjectSearchParams['areaCode'],
      priceScope: read('priceScope') as ProjectSearchParams['priceScope'],
      bedroom: read('bedroom') as ProjectSearchParams['bedroom'],
      buildAreaScope: read('buildAreaScope') as ProjectSearchParams['buildAreaScope'],
      properties: read('properties') as ProjectSearchParams['properties'],
      houseType: read('houseType') as ProjectSearchParams['houseType'],
      sortType: read('sortType') as ProjectSearchParams['sortType'],
    };
  }, [searchParams]);

  const setFilter = useCallback(
    (name: FilterName, value: string) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('pageNum');
        return next;
      });
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('pageNum', String(page));
        else next.delete('pageNum');
        return next;
      });
    },
    [setSearchParams],
  );

  return { params, setFilter, setPage };
}
