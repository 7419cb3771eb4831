/**
 * A page's own code as the web build lists it: the page's route chunk, and the chunks and style
 * sheets it needs beyond those the app's start loads. The boot script carries the early-read
 * pages' lists; the server names a rendered page's in the page
 * (docs/decisions/0079-the-take-over-without-a-time-zone-name.md).
 */
export interface PageCode {
  code: string;
  deps: string[];
}

/** Whether `value`, read from JSON, is a page's code list. */
export function isPageCode(value: unknown): value is PageCode {
  const { code, deps } = (value ?? {}) as Partial<Record<keyof PageCode, unknown>>;
  return (
    typeof code === 'string' &&
    Array.isArray(deps) &&
    deps.every((file) => typeof file === 'string')
  );
}

/**
 * Every page's chunks beyond those the app's start loads, as the web build writes them for the
 * app to preload when it opens a page (docs/decisions/0081-page-code-lists-out-of-the-first-load.md):
 * each file named once in `files`, each page's by their numbers in `pages`, by address.
 */
export interface RouteCode {
  files: string[];
  pages: Record<string, number[]>;
}

/** Whether `value`, read from JSON, is the build's route code list. */
export function isRouteCode(value: unknown): value is RouteCode {
  const { files, pages } = (value ?? {}) as Partial<Record<keyof RouteCode, unknown>>;
  return (
    Array.isArray(files) &&
    files.every((file) => typeof file === 'string') &&
    typeof pages === 'object' &&
    pages !== null &&
    Object.values(pages).every(
      (numbers) =>
        Array.isArray(numbers) &&
        numbers.every((n) => Number.isInteger(n) && n >= 0 && n < files.length),
    )
  );
}
