import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { withoutSheetFilters } from '../lib/filter-sheet';
import {
  type ListingFilterName,
  type ListingTypeValue,
  readListingSearch,
  switchTypeParams,
  withFilter,
  withPage,
} from '../lib/listing-filters';

/** The search of /secondhandhouse as URL state (type tab, filters, page). */
export function useListingSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListingSearch(searchParams), [searchParams]);
  const setType = useCallback(
    (type: ListingTypeValue) => setSearchParams(switchTypeParams(type)),
    [setSearchParams],
  );
  const setFilter = useCallback(
    (name: ListingFilterName, value: string) =>
      setSearchParams((current) => withFilter(current, name, value)),
    [setSearchParams],
  );
  const setPage = useCallback(
    (page: number) => setSearchParams((current) => withPage(current, page)),
    [setSearchParams],
  );
  const clearSheetFilters = useCallback(
    () => setSearchParams((current) => withoutSheetFilters(current)),
    [setSearchParams],
  );
  return { state, setType, setFilter, setPage, clearSheetFilters };
}
