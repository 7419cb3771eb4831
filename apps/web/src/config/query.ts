/*
 * Query strings of the site's addresses. Apart from `paths.ts` (which re-exports them) so that
 * the boot script, which builds its early reads' URLs with them, does not carry the page table.
 */
export type QueryValue = string | number | boolean | undefined | null;
export type QueryParams = Record<string, QueryValue>;

/** Appends the defined, non-empty query values to a path: `withQuery('/a', { id: 3 })` → `/a?id=3`. */
export function withQuery(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
