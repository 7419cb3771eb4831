import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** How a filter is kept in the URL: free text, a whole number, or a day written yyyy-MM-dd. */
export type FilterKind = 'text' | 'int' | 'date';

/** The filter values a spec describes: numbers for `int`, strings otherwise; absent = unset. */
export type FilterValues<S extends Record<string, FilterKind>> = {
  [K in keyof S]?: S[K] extends 'int' ? number : string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a positive page number; anything else is page 1. */
function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The filters of `spec` read from a query string; a value that does not fit its kind (a word
 * where a number belongs, a malformed day) counts as unset, so a hand-edited link never breaks
 * the page.
 */
export function readFilters<S extends Record<string, FilterKind>>(
  params: URLSearchParams,
  spec: S,
): FilterValues<S> & { pageNum: number } {
  const values: Record<string, string | number | undefined> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const raw = params.get(name)?.trim();
    if (!raw) continue;
    if (kind === 'int') {
      const number = Number(raw);
      if (Number.isInteger(number)) values[name] = number;
    } else if (kind === 'date') {
      if (DAY.test(raw)) values[name] = raw;
    } else values[name] = raw;
  }
  return { ...(values as FilterValues<S>), pageNum: parsePage(params.get('pageNum')) };
}

/**
 * A console list's filters as URL state, so the dashboard can link into a filtered queue and a
 * filtered view survives reload and can be shared. Changing a filter goes back to page 1.
 */
export function useUrlFilters<S extends Record<string, FilterKind>>(spec: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams, spec), [searchParams, spec]);

  const setFilters = useCallback(
    (patch: FilterValues<S>) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
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

  return { filters, setFilters, setPage };
}
