import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type FilterName, readProjectSearch } from '../api/project-urls';

/**
 * The search of /newHouse as URL state. Every filter change pushes a history entry and goes back
 * to page 1 (docs/product/new-build.md); `setPage` keeps the filters.
 */
export function useProjectSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo(() => readProjectSearch(searchParams), [searchParams]);

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
